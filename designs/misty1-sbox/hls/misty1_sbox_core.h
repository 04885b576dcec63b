/* misty1_sbox_core.h: the MISTY1 encryption stream core of designs/misty1-enc/hls (one round pair =
 * two FL/FO rounds per loop iteration, the key expanded with each block) with the S-boxes left open,
 * so that the four S-box styles of seed 003 differ only in how a look-up is written (docs.md).
 *
 * The including file defines
 *   ap_uint<9> misty1_s9(int lane, ap_uint<9> x)   lane 0..27
 *   ap_uint<7> misty1_s7(int lane, ap_uint<7> x)   lane 0..13
 * or, with MISTY1_OWN_FI, the whole FI function  ap_uint<16> misty1_fi(int fi, ap_uint<16>, ap_uint<16>).
 * FI number fi: 0..2 the FIs of the first FO of a round pair, 3..5 those of the second, 6..13 the
 * key schedule's EK'[0..7]; FI fi looks up S9 in lanes 2 fi and 2 fi + 1 and S7 in lane fi, so a style
 * may give every look-up its own table (Type 2). Lanes are constants after inlining.
 * Word order as RFC 2994 and the RTL: a block is D0 (bits 63:32) || D1, the key EK[0] (bits 127:112)
 * .. EK[7]. */
#ifndef MISTY1_SBOX_CORE_H
#define MISTY1_SBOX_CORE_H

#include <stdint.h>

#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<64> misty1_block_t;
typedef ap_uint<128> misty1_key_t;

/* Loop labels name loops for directives and reports; natively they are unused. */
#if defined(__clang__) && !defined(__SYNTHESIS__)
#pragma clang diagnostic ignored "-Wunused-label"
#endif

/* A free-running process (ap_ctrl_none) loops forever in hardware; natively it runs while its input
 * still holds words. */
#ifdef __SYNTHESIS__
#define HLS_FOREVER(csim_condition) while (1)
#else
#define HLS_FOREVER(csim_condition) while (csim_condition)
#endif

#ifndef MISTY1_OWN_FI
static inline ap_uint<9> misty1_s9(int lane, ap_uint<9> x);
static inline ap_uint<7> misty1_s7(int lane, ap_uint<7> x);

/* FI (RFC 2994 section 2.3): 16 bits split 9 (high) + 7 (low), three rounds. */
static inline ap_uint<16> misty1_fi(int fi, ap_uint<16> fi_in, ap_uint<16> fi_key) {
#pragma HLS INLINE
  ap_uint<9> d9 = fi_in >> 7;
  ap_uint<7> d7 = fi_in & 0x7f;
  d9 = misty1_s9(2 * fi, d9) ^ d7;
  d7 = misty1_s7(fi, d7) ^ ap_uint<7>(d9 & 0x7f);
  d7 = d7 ^ ap_uint<7>(fi_key >> 9);
  d9 = d9 ^ ap_uint<9>(fi_key & 0x1ff);
  d9 = misty1_s9(2 * fi + 1, d9) ^ d7;
  return (ap_uint<16>(d7) << 9) | d9;
}
#else
static inline ap_uint<16> misty1_fi(int fi, ap_uint<16> fi_in, ap_uint<16> fi_key);
#endif

/* FO (RFC 2994 section 2.3) with its seven sub-keys; fo = 0 or 1 within the round pair. */
static inline ap_uint<32> misty1_fo(int fo, ap_uint<32> fo_in, ap_uint<16> ko1, ap_uint<16> ki1, ap_uint<16> ko2,
                                    ap_uint<16> ki2, ap_uint<16> ko3, ap_uint<16> ki3, ap_uint<16> ko4) {
#pragma HLS INLINE
  ap_uint<16> t0 = fo_in >> 16;
  ap_uint<16> t1 = fo_in & 0xffff;
  t0 = misty1_fi(3 * fo, t0 ^ ko1, ki1) ^ t1;
  t1 = misty1_fi(3 * fo + 1, t1 ^ ko2, ki2) ^ t0;
  t0 = misty1_fi(3 * fo + 2, t0 ^ ko3, ki3) ^ t1;
  t1 = t1 ^ ko4;
  return (ap_uint<32>(t1) << 16) | t0;
}

/* FL (RFC 2994 section 2.3): d1 ^= d0 & KL1; d0 ^= d1 | KL2. */
static inline ap_uint<32> misty1_fl(ap_uint<32> fl_in, ap_uint<16> kl1, ap_uint<16> kl2) {
#pragma HLS INLINE
  ap_uint<16> d0 = fl_in >> 16;
  ap_uint<16> d1 = fl_in & 0xffff;
  d1 = d1 ^ (d0 & kl1);
  d0 = d0 ^ (d1 | kl2);
  return (ap_uint<32>(d0) << 16) | d1;
}

/* The key schedule (RFC 2994 section 2.2): ek[0..7] = the key's words, ek[8 + i] = EK'[i] =
 * FI(EK[i], EK[(i + 1) % 8]) (FI numbers 6..13). */
static inline void misty1_key_words(misty1_key_t key, ap_uint<16> ek[16]) {
#pragma HLS INLINE
KEY_WORDS:
  for (int i = 0; i < 8; i++) {
#pragma HLS UNROLL
    ek[i] = key.range(127 - 16 * i, 112 - 16 * i);
  }
}

static inline void misty1_key_schedule(misty1_key_t key, ap_uint<16> ek[16]) {
#pragma HLS INLINE
  misty1_key_words(key, ek);
KEY_SCHEDULE:
  for (int i = 0; i < 8; i++) {
#pragma HLS UNROLL
    ek[8 + i] = misty1_fi(6 + i, ek[i], ek[(i + 1) % 8]);
  }
}

#endif /* MISTY1_SBOX_CORE_H */
