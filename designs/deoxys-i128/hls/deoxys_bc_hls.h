/* deoxys_bc_hls.h — Deoxys-BC-256 (v1.3) round pieces in HLS C++ for the Deoxys-I CipherCore: the
 * tweakey schedule steps forward and backward, TW_14 / TK_14 straight from the tweak and key, the
 * round constants, and InvMixColumns (the first step of decryption). The rounds are the AES rounds of
 * the modes: aes_enc_round (with MixColumns in every round: `last` = false) and aes_dec_round of
 * designs/aes-modes-common/hls/aes_modes_hls.h. Reference: src/cryptohls/golden/deoxysneq128128v13.py.
 */
#ifndef DEOXYS_BC_HLS_H
#define DEOXYS_BC_HLS_H

#include "../../aes-modes-common/hls/aes_modes_hls.h"   // aes_enc_round, aes_dec_round

typedef ap_uint<128> blk_t;

/* h moves byte i of a tweakey word to position H[i] (byte k = bits 127-8k .. 120-8k). */
static const int DEOXYS_H[16] = {1, 6, 11, 12, 5, 10, 15, 0, 9, 14, 3, 4, 13, 2, 7, 8};

static inline blk_t deoxys_h(blk_t x) {
#pragma HLS INLINE
  blk_t y = 0;
  for (int i = 0; i < 16; i++) {
#pragma HLS UNROLL
    y.range(127 - 8 * DEOXYS_H[i], 120 - 8 * DEOXYS_H[i]) = aes_byte(x, i);
  }
  return y;
}

static inline blk_t deoxys_h_inv(blk_t x) {
#pragma HLS INLINE
  blk_t y = 0;
  for (int i = 0; i < 16; i++) {
#pragma HLS UNROLL
    y.range(127 - 8 * i, 120 - 8 * i) = aes_byte(x, DEOXYS_H[i]);
  }
  return y;
}

/* h applied 14 times (the order of decryption's first round tweakey): a fixed byte permutation. */
static inline blk_t deoxys_h14(blk_t x) {
#pragma HLS INLINE
  blk_t y = x;
  for (int n = 0; n < 14; n++) {
#pragma HLS UNROLL
    y = deoxys_h(y);
  }
  return y;
}

/* Every byte times 2 in GF(2^8), and its inverse (bit 0 of xtime(a) is a's bit 7). */
static inline blk_t deoxys_times2(blk_t x) {
#pragma HLS INLINE
  blk_t y = 0;
  for (int i = 0; i < 16; i++) {
#pragma HLS UNROLL
    y.range(127 - 8 * i, 120 - 8 * i) = aes_xtime(aes_byte(x, i));
  }
  return y;
}

static inline blk_t deoxys_half(blk_t x) {
#pragma HLS INLINE
  blk_t y = 0;
  for (int i = 0; i < 16; i++) {
#pragma HLS UNROLL
    ap_uint<8> b = aes_byte(x, i);
    ap_uint<8> shifted = b >> 1;
    ap_uint<8> r = b[0] ? ap_uint<8>(shifted ^ 0x8d) : shifted;   // 0x8d = 0x80 | (0x1b >> 1)
    y.range(127 - 8 * i, 120 - 8 * i) = r;
  }
  return y;
}

/* TK_14 = 2^14 * h^14(K), bytewise: linear in K (a fixed XOR network). */
static inline blk_t deoxys_tk14(blk_t k) {
#pragma HLS INLINE
  blk_t y = deoxys_h14(k);
  for (int n = 0; n < 14; n++) {
#pragma HLS UNROLL
    y = deoxys_times2(y);
  }
  return y;
}

/* RC_i: bytes 0..3 = 01 02 04 08, bytes 4..7 = rcon_i, the rest zero. */
static const uint8_t DEOXYS_RCON[15] = {0x2f, 0x5e, 0xbc, 0x63, 0xc6, 0x97, 0x35, 0x6a,
                                        0xd4, 0xb3, 0x7d, 0xfa, 0xef, 0xc5, 0x91};

static inline blk_t deoxys_rc(ap_uint<4> i) {
#pragma HLS INLINE
#pragma HLS ARRAY_PARTITION variable=DEOXYS_RCON complete dim=1
  ap_uint<8> r = DEOXYS_RCON[i.to_uint()];
  ap_uint<32> col0 = 0x01020408;
  ap_uint<64> zero = 0;
  return (col0, r, r, r, r, zero);
}

/* InvMixColumns of one column byte (a0 a1 a2 a3) * (0e 0b 0d 09), rotated by the row. */
static inline ap_uint<8> deoxys_gmul(ap_uint<8> a, int c) {
#pragma HLS INLINE
  ap_uint<8> p = a, s = 0;
  for (int k = 0; k < 4; k++) {
#pragma HLS UNROLL
    if ((c >> k) & 1) s ^= p;
    p = aes_xtime(p);
  }
  return s;
}

static inline blk_t deoxys_inv_mix_columns(blk_t x) {
#pragma HLS INLINE
  blk_t y = 0;
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    ap_uint<8> a[4];
#pragma HLS ARRAY_PARTITION variable=a complete dim=1
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      a[r] = aes_byte(x, 4 * c + r);
    }
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      ap_uint<8> m = deoxys_gmul(a[r], 0xe) ^ deoxys_gmul(a[(r + 1) % 4], 0xb) ^
                     deoxys_gmul(a[(r + 2) % 4], 0xd) ^ deoxys_gmul(a[(r + 3) % 4], 0x9);
      y.range(127 - 8 * (4 * c + r), 120 - 8 * (4 * c + r)) = m;
    }
  }
  return y;
}

#endif /* DEOXYS_BC_HLS_H */
