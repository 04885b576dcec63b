/* AES-128 encryption, S-box Type 4 (seed 003): expanded tables, the T-box of the AES proposal: four
 * 256 x 32-bit tables Tr[x] = MixColumns column of S(x) in row r, so a round column is four look-ups
 * and three xors (no xtime logic). The last round (no MixColumns) and the key schedule take S(x) out
 * of the same tables (S(x) is byte r + 1 of Tr[x]). BIND_STORAGE impl=lutram: each look-up is its own
 * LUT ROM read in the same cycle (without it a 8192-bit table becomes a dual-port block ROM). */
#define AES_OWN_ROUND
#include "aes_sbox_core.h"
#include "aes_tables.h"

static const uint32_t T0[256] = AES_T0_INIT;
static const uint32_t T1[256] = AES_T1_INIT;
static const uint32_t T2[256] = AES_T2_INIT;
static const uint32_t T3[256] = AES_T3_INIT;

static inline ap_uint<32> tbox(int r, ap_uint<8> x) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=T0 type=rom_np impl=lutram
#pragma HLS BIND_STORAGE variable=T1 type=rom_np impl=lutram
#pragma HLS BIND_STORAGE variable=T2 type=rom_np impl=lutram
#pragma HLS BIND_STORAGE variable=T3 type=rom_np impl=lutram
  switch (r) {
    case 0: return T0[x.to_uint()];
    case 1: return T1[x.to_uint()];
    case 2: return T2[x.to_uint()];
    default: return T3[x.to_uint()];
  }
}

/* Key schedule: S(x) is byte 1 (bits 23..16) of T0[x]. */
static inline ap_uint<8> aes_sub(int lane, ap_uint<8> x) {
#pragma HLS INLINE
  (void)lane;
  return tbox(0, x).range(23, 16);
}

static inline aes_block_t aes_enc_round(aes_block_t s, aes_block_t rk, bool last) {
#pragma HLS INLINE
  aes_block_t out = 0;
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    ap_uint<32> t[4];
#pragma HLS ARRAY_PARTITION variable=t complete dim=1
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      t[r] = tbox(r, aes_byte(s, 4 * ((c + r) % 4) + r));  /* ShiftRows: column c + r */
    }
    ap_uint<32> col = t[0] ^ t[1] ^ t[2] ^ t[3];
    if (last) {  /* row r gets S(x_r), byte r + 1 of Tr[x_r] */
      col = (ap_uint<8>(t[0].range(23, 16)), ap_uint<8>(t[1].range(15, 8)), ap_uint<8>(t[2].range(7, 0)),
             ap_uint<8>(t[3].range(31, 24)));
    }
    out.range(127 - 32 * c, 96 - 32 * c) = col;
  }
  return out ^ rk;
}

#include "aes_top.h"
