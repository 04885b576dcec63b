/* aes128_hls.h — AES-128 encryption building blocks on a 128-bit word, shared by the stream cores
 * of the `hls` variants (aes128-ecb-enc, aes128-ecb-enc-x2, aes128-ctr, aes128-ctr-io).
 *
 * Byte order as the RTL cores and the FIPS-197 listings: byte 0 of a block is bits [127:120],
 * state byte (row r, column c) is byte 4c + r. Every helper is INLINE and every byte loop UNROLLed:
 * one call of aes_enc_round() is one combinational AES round (16 S-boxes, ShiftRows wiring,
 * MixColumns with a bypass for the last round, AddRoundKey), aes_key_step() one KeyExpansion
 * step (4 S-boxes, RotWord, Rcon) — the datapath of designs/aes-common/rtl.
 *
 * The S-box is a constant table; ARRAY_PARTITION complete + BIND_STORAGE lutram turn every read
 * into its own LUT ROM (no block RAM, no port limit), so 20 (x2: 40) look-ups fit in one cycle.
 * Table generated from the FIPS-197 definition by cryptohls.golden.aes.
 *
 * csim: free-running loops (`while (1)` in hardware) stop when their input stream is empty,
 * see HLS_FOREVER below.
 */
#ifndef AES128_HLS_H
#define AES128_HLS_H

#include <stdint.h>

#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<128> aes_block_t;

/* Loop labels name loops for directives and reports; natively they are unused. */
#if defined(__clang__) && !defined(__SYNTHESIS__)
#pragma clang diagnostic ignored "-Wunused-label"
#endif

/* A free-running process (ap_ctrl_none) loops forever in hardware. Natively the same loop has to
 * end, so it runs while its input still holds words: the testbench fills the input streams, calls
 * the top once and checks the output streams. */
#ifdef __SYNTHESIS__
#define HLS_FOREVER(csim_condition) while (1)
#else
#define HLS_FOREVER(csim_condition) while (csim_condition)
#endif

static const uint8_t AES_SBOX[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};

static inline ap_uint<8> aes_sbox(ap_uint<8> x) {
#pragma HLS INLINE
#pragma HLS ARRAY_PARTITION variable=AES_SBOX complete dim=1
#pragma HLS BIND_STORAGE variable=AES_SBOX type=rom_np impl=lutram
  return AES_SBOX[x.to_uint()];
}

/* Multiplication by x in GF(2^8) (FIPS-197 xtime). */
static inline ap_uint<8> aes_xtime(ap_uint<8> a) {
#pragma HLS INLINE
  ap_uint<8> shifted = a << 1;
  return a[7] ? ap_uint<8>(shifted ^ 0x1b) : shifted;
}

static inline ap_uint<8> aes_byte(const aes_block_t &x, int i) {
#pragma HLS INLINE
  return x.range(127 - 8 * i, 120 - 8 * i);
}

/* One KeyExpansion step: round key r from round key r-1 and Rcon[r]. */
static inline aes_block_t aes_key_step(aes_block_t k, ap_uint<8> rcon) {
#pragma HLS INLINE
  ap_uint<32> w[4];
#pragma HLS ARRAY_PARTITION variable=w complete dim=1
  for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
    w[i] = k.range(127 - 32 * i, 96 - 32 * i);
  }
  ap_uint<32> t = 0;  /* SubWord(RotWord(w3)) ^ Rcon */
  t.range(31, 24) = aes_sbox(w[3].range(23, 16)) ^ rcon;
  t.range(23, 16) = aes_sbox(w[3].range(15, 8));
  t.range(15, 8) = aes_sbox(w[3].range(7, 0));
  t.range(7, 0) = aes_sbox(w[3].range(31, 24));
  w[0] = w[0] ^ t;
  w[1] = w[1] ^ w[0];
  w[2] = w[2] ^ w[1];
  w[3] = w[3] ^ w[2];
  aes_block_t next = 0;
  for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
    next.range(127 - 32 * i, 96 - 32 * i) = w[i];
  }
  return next;
}

/* One encryption round: SubBytes, ShiftRows, MixColumns (skipped when last), AddRoundKey. */
static inline aes_block_t aes_enc_round(aes_block_t s, aes_block_t rk, bool last) {
#pragma HLS INLINE
  ap_uint<8> b[16];
#pragma HLS ARRAY_PARTITION variable=b complete dim=1
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      /* ShiftRows: row r rotates left by r columns; SubBytes on the way. */
      b[4 * c + r] = aes_sbox(aes_byte(s, 4 * ((c + r) % 4) + r));
    }
  }
  aes_block_t out = 0;
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    ap_uint<8> a0 = b[4 * c], a1 = b[4 * c + 1], a2 = b[4 * c + 2], a3 = b[4 * c + 3];
    ap_uint<8> m[4];
#pragma HLS ARRAY_PARTITION variable=m complete dim=1
    if (last) {
      m[0] = a0; m[1] = a1; m[2] = a2; m[3] = a3;
    } else {
      ap_uint<8> all = a0 ^ a1 ^ a2 ^ a3;  /* 2a+3b+c+d = a ^ all ^ xtime(a ^ b) */
      m[0] = a0 ^ all ^ aes_xtime(a0 ^ a1);
      m[1] = a1 ^ all ^ aes_xtime(a1 ^ a2);
      m[2] = a2 ^ all ^ aes_xtime(a2 ^ a3);
      m[3] = a3 ^ all ^ aes_xtime(a3 ^ a0);
    }
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      out.range(127 - 8 * (4 * c + r), 120 - 8 * (4 * c + r)) = m[r];
    }
  }
  return out ^ rk;
}

#endif /* AES128_HLS_H */
