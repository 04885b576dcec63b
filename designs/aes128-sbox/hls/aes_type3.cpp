/* AES-128 encryption, S-box Type 3 (seed 003): no table, the S-box computed in the composite field
 * GF((2^4)^2): map x into GF(2^4)[y]/(y^2 + y + lambda), invert there with GF(2^4) arithmetic, map back
 * and apply the affine transformation (one combined bit matrix) and 0x63.
 * Constants: `python designs/aes128-sbox/gen_tables.py --gf` (derived there from the FIPS-197 field). */
#include "aes_sbox_core.h"

/* Parity of the bits of x & r: one row of a bit matrix times x. (Not ap_uint::xor_reduce(): its loop
 * in src/cryptohls/include/ap_int.h stays a loop in cryptohls, 320 small loops in this core; docs.md "Found".) */
static inline bool row_parity(ap_uint<8> x, uint8_t r) {
#pragma HLS INLINE
  ap_uint<8> m = x & r;
  return m[0] ^ m[1] ^ m[2] ^ m[3] ^ m[4] ^ m[5] ^ m[6] ^ m[7];
}

/* y = M x over GF(2), M given by its rows r0..r7 (bit j of y is row_parity(x, r_j)). */
static inline ap_uint<8> lin8(ap_uint<8> x, uint8_t r0, uint8_t r1, uint8_t r2, uint8_t r3, uint8_t r4,
                              uint8_t r5, uint8_t r6, uint8_t r7) {
#pragma HLS INLINE
  ap_uint<8> y;
  y[0] = row_parity(x, r0);
  y[1] = row_parity(x, r1);
  y[2] = row_parity(x, r2);
  y[3] = row_parity(x, r3);
  y[4] = row_parity(x, r4);
  y[5] = row_parity(x, r5);
  y[6] = row_parity(x, r6);
  y[7] = row_parity(x, r7);
  return y;
}

/* Product in GF(2^4) modulo x^4 + x + 1: the polynomial product c (degree <= 6), then
 * x^4 = x + 1, x^5 = x^2 + x, x^6 = x^3 + x^2. */
static inline ap_uint<4> gf16_mul(ap_uint<4> a, ap_uint<4> b) {
#pragma HLS INLINE
  bool c0 = a[0] & b[0];
  bool c1 = (a[1] & b[0]) ^ (a[0] & b[1]);
  bool c2 = (a[2] & b[0]) ^ (a[1] & b[1]) ^ (a[0] & b[2]);
  bool c3 = (a[3] & b[0]) ^ (a[2] & b[1]) ^ (a[1] & b[2]) ^ (a[0] & b[3]);
  bool c4 = (a[3] & b[1]) ^ (a[2] & b[2]) ^ (a[1] & b[3]);
  bool c5 = (a[3] & b[2]) ^ (a[2] & b[3]);
  bool c6 = a[3] & b[3];
  ap_uint<4> p;
  p[0] = c0 ^ c4;
  p[1] = c1 ^ c4 ^ c5;
  p[2] = c2 ^ c5 ^ c6;
  p[3] = c3 ^ c6;
  return p;
}

/* a^-1 = a^14 = a^2 a^4 a^8 (0 maps to 0). */
static inline ap_uint<4> gf16_inv(ap_uint<4> a) {
#pragma HLS INLINE
  ap_uint<4> a2 = gf16_mul(a, a);
  ap_uint<4> a4 = gf16_mul(a2, a2);
  ap_uint<4> a8 = gf16_mul(a4, a4);
  return gf16_mul(gf16_mul(a2, a4), a8);
}

static inline ap_uint<8> aes_sub(int lane, ap_uint<8> x) {
#pragma HLS INLINE
  (void)lane;
  const ap_uint<4> lambda = 0x8;
  ap_uint<8> a = lin8(x, 0xa1, 0x04, 0xfc, 0x18, 0x70, 0xd2, 0xac, 0xa0);
  ap_uint<4> h = a.range(7, 4), l = a.range(3, 0);
  /* (h y + l)^-1 = (h y + (h + l)) / d with d = h^2 lambda + h l + l^2 */
  ap_uint<4> d = gf16_mul(gf16_mul(h, h), lambda) ^ gf16_mul(h, l) ^ gf16_mul(l, l);
  ap_uint<4> dinv = gf16_inv(d);
  ap_uint<8> inv = (gf16_mul(h, dinv), gf16_mul(ap_uint<4>(h ^ l), dinv));
  return lin8(inv, 0x45, 0x3f, 0x69, 0x25, 0x3b, 0xee, 0xd0, 0x06) ^ 0x63;
}

#include "aes_top.h"
