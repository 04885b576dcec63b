/* deoxys_bc_hls.h — Deoxys-BC-256 (v1.3) round pieces in HLS C++ for the Deoxys-I CipherCore: the
 * tweakey schedule steps forward and backward, TW_14 / TK_14 straight from the tweak and key, the
 * round constants, and the inverse AES round. The forward round is aes128_hls.h's aes_enc_round
 * (with MixColumns in every round: `last` = false). Reference: src/cryptohls/golden/deoxysneq128128v13.py.
 */
#ifndef DEOXYS_BC_HLS_H
#define DEOXYS_BC_HLS_H

#include "../../aes128-ecb-enc/hls/aes128_hls.h"

typedef ap_uint<128> blk_t;

/* The AES inverse S-box (FIPS-197 Figure 14), generated from cryptohls.golden.aes.inv_sub_bytes. */
static const uint8_t DEOXYS_INV_SBOX[256] = {
    0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb,
    0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87, 0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb,
    0x54, 0x7b, 0x94, 0x32, 0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e,
    0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49, 0x6d, 0x8b, 0xd1, 0x25,
    0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16, 0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92,
    0x6c, 0x70, 0x48, 0x50, 0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84,
    0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05, 0xb8, 0xb3, 0x45, 0x06,
    0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02, 0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b,
    0x3a, 0x91, 0x11, 0x41, 0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73,
    0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8, 0x1c, 0x75, 0xdf, 0x6e,
    0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89, 0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b,
    0xfc, 0x56, 0x3e, 0x4b, 0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4,
    0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59, 0x27, 0x80, 0xec, 0x5f,
    0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d, 0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef,
    0xa0, 0xe0, 0x3b, 0x4d, 0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61,
    0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d,
};

static inline ap_uint<8> deoxys_inv_sbox(ap_uint<8> x) {
#pragma HLS INLINE
#pragma HLS ARRAY_PARTITION variable=DEOXYS_INV_SBOX complete dim=1
#pragma HLS BIND_STORAGE variable=DEOXYS_INV_SBOX type=rom_np impl=lutram
  return DEOXYS_INV_SBOX[x.to_uint()];
}

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

/* One inverse round as the RTL's aes_dec_round: InvShiftRows, InvSubBytes, AddRoundKey, then
 * InvMixColumns unless last. */
static inline blk_t deoxys_dec_round(blk_t s, blk_t rk, bool last) {
#pragma HLS INLINE
  blk_t keyed = 0;
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      /* InvShiftRows: row r rotates right by r columns. */
      keyed.range(127 - 8 * (4 * c + r), 120 - 8 * (4 * c + r)) =
          deoxys_inv_sbox(aes_byte(s, 4 * ((c + 4 - r) % 4) + r));
    }
  }
  keyed ^= rk;
  blk_t mixed = deoxys_inv_mix_columns(keyed);
  return last ? keyed : mixed;
}

#endif /* DEOXYS_BC_HLS_H */
