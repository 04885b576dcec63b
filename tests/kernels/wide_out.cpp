// A 128-bit value written and read back through scalar pointers: clang moves an ap_uint<128> as two
// 64-bit halves, and each half must land in its own slice of the port.
#include <ap_int.h>

void wide_out(ap_uint<128> a, ap_uint<128> *ct, ap_uint<128> *acc) {
  *ct = a ^ ap_uint<128>(1);
  *acc = *acc + a;
}
