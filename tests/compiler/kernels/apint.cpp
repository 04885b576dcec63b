#include "ap_int.h"
/* ap_uint/ap_int (C++ wrappers over _BitInt): odd widths through ports and arithmetic */
ap_uint<40> apint(ap_uint<24> a, ap_uint<17> b, ap_int<12> c) {
  ap_uint<40> p = a * b;
  ap_uint<40> q = p ^ (ap_uint<40>(a.range(7, 0)) << 30);
  if (c < 0) q = q + 1;
  return q;
}
