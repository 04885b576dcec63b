// Widths given by an expression, as the Vitis library's vdf tops write them (`#define W1 (8 * 128)`):
// clang spells the by-value argument's type 'ap_uint<(8 * 16)>', whose '*' cosim's wrapper took for a
// pointer and dereferenced (a C++ error in wrapper.cpp: "indirection requires pointer operand").
#include <ap_int.h>

#define W1 (8 * 16)
#define W2 (2 * 16)

void width_expression(ap_uint<W1> g, ap_uint<W2> t, ap_uint<W1>& y) {
  y = (g << 3) ^ (g >> 5) ^ ap_uint<W1>(t);
}
