/* aes_sbox_core.h: the AES-128 stream core of designs/aes128-ecb-enc/hls/aes_hls.cpp (one round per
 * loop iteration, round keys on the fly) with the S-box left open, so that the four S-box styles of
 * seed 003 differ only in how one look-up is written (docs.md).
 *
 * The including file defines  `ap_uint<8> aes_sub(int lane, ap_uint<8> x)`: lane 0..15 is the state
 * byte being substituted, 16..19 the key-schedule byte, so a style may give every look-up its own
 * table (Type 2). Byte order as everywhere: byte 0 of a block is bits [127:120].
 */
#ifndef AES_SBOX_CORE_H
#define AES_SBOX_CORE_H

#include <stdint.h>

#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<128> aes_block_t;

/* Loop labels name loops for directives and reports; natively they are unused. */
#if defined(__clang__) && !defined(__SYNTHESIS__)
#pragma clang diagnostic ignored "-Wunused-label"
#endif

#ifdef __SYNTHESIS__
#define HLS_FOREVER(csim_condition) while (1)
#else
#define HLS_FOREVER(csim_condition) while (csim_condition)
#endif

static inline ap_uint<8> aes_sub(int lane, ap_uint<8> x);

static inline ap_uint<8> aes_xtime(ap_uint<8> a) {
#pragma HLS INLINE
  ap_uint<8> shifted = a << 1;
  return a[7] ? ap_uint<8>(shifted ^ 0x1b) : shifted;
}

static inline ap_uint<8> aes_byte(const aes_block_t &x, int i) {
#pragma HLS INLINE
  return x.range(127 - 8 * i, 120 - 8 * i);
}

/* One KeyExpansion step: round key r from round key r-1 and Rcon[r] (look-ups in lanes 16..19). */
static inline aes_block_t aes_key_step(aes_block_t k, ap_uint<8> rcon) {
#pragma HLS INLINE
  ap_uint<32> w0 = k.range(127, 96), w1 = k.range(95, 64), w2 = k.range(63, 32), w3 = k.range(31, 0);
  ap_uint<32> t;
  t.range(31, 24) = aes_sub(16, w3.range(23, 16)) ^ rcon;
  t.range(23, 16) = aes_sub(17, w3.range(15, 8));
  t.range(15, 8) = aes_sub(18, w3.range(7, 0));
  t.range(7, 0) = aes_sub(19, w3.range(31, 24));
  w0 ^= t;
  w1 ^= w0;
  w2 ^= w1;
  w3 ^= w2;
  return (w0, w1, w2, w3);
}

#ifndef AES_OWN_ROUND  /* Type 4 writes its own round (T-boxes) */
/* One encryption round: SubBytes, ShiftRows, MixColumns (skipped when last), AddRoundKey. */
static inline aes_block_t aes_enc_round(aes_block_t s, aes_block_t rk, bool last) {
#pragma HLS INLINE
  aes_block_t out = 0;
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    /* ShiftRows: row r of column c comes from column c + r; SubBytes on the way (lane 4c + r). */
    ap_uint<8> a0 = aes_sub(4 * c, aes_byte(s, 4 * c));
    ap_uint<8> a1 = aes_sub(4 * c + 1, aes_byte(s, 4 * ((c + 1) % 4) + 1));
    ap_uint<8> a2 = aes_sub(4 * c + 2, aes_byte(s, 4 * ((c + 2) % 4) + 2));
    ap_uint<8> a3 = aes_sub(4 * c + 3, aes_byte(s, 4 * ((c + 3) % 4) + 3));
    ap_uint<32> col = (a0, a1, a2, a3);
    if (!last) {
      ap_uint<8> all = a0 ^ a1 ^ a2 ^ a3;  /* 2a+3b+c+d = a ^ all ^ xtime(a ^ b) */
      col = (ap_uint<8>(a0 ^ all ^ aes_xtime(a0 ^ a1)), ap_uint<8>(a1 ^ all ^ aes_xtime(a1 ^ a2)),
             ap_uint<8>(a2 ^ all ^ aes_xtime(a2 ^ a3)), ap_uint<8>(a3 ^ all ^ aes_xtime(a3 ^ a0)));
    }
    out.range(127 - 32 * c, 96 - 32 * c) = col;
  }
  return out ^ rk;
}
#endif

#endif /* AES_SBOX_CORE_H */
