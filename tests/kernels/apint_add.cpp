// ap_uint arithmetic at odd widths: the sum wraps when assigned to 12 bits.
#include <ap_int.h>

ap_uint<12> apint_add(ap_uint<12> a, ap_uint<12> b, ap_uint<5> c) {
  ap_uint<12> s = a + b;
  return s - (c * 3);
}
