// Concatenations in a top (issue 32 item 3): a byte-wise rotate with carries written in place, as an
// XTS tweak update does it, and a rotate by a variable amount from two ranges with variable bounds.
#include <ap_int.h>

void concat_rotate(ap_uint<64> t, ap_uint<6> n, ap_uint<64>* bytes_rotated, ap_uint<64>* rotated) {
  ap_uint<8> cin = 0;
  for (int j = 1; j < 8; j++) {
#pragma HLS unroll
    cin[j] = t[8 * j - 1];
  }
  ap_uint<64> u = t;
  for (int j = 0; j < 8; j++) {
#pragma HLS unroll
    u(8 * j + 7, 8 * j) = (u(8 * j + 6, 8 * j), cin[j]);
  }
  *bytes_rotated = u;
  int k = n;   // 1..63: bits k-1..0 move to the top
  *rotated = (t(k - 1, 0), t(63, k));
}
