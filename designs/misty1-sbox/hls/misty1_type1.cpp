/* MISTY1 encryption, S-box Type 1 (seed 003): ONE S9 table and ONE S7 table shared by every look-up
 * (28 S9 and 14 S7 per block iteration: 12 + 6 in a round pair, 16 + 8 in the key schedule).
 * BIND_STORAGE makes each one dual-port ROM (a block ROM: read latency 1), so the look-ups queue for
 * the two ports of each table and every S-box read costs a clock. The key schedule runs as a rolled
 * loop KEYS (one FI per iteration) after the block is read, from the key's words taken with it. */
#define MISTY1_KEY_LOOP  /* the key schedule a rolled loop after the block's read (misty1_sbox_top.h) */
#include "misty1_sbox_core.h"
#include "misty1_tables.h"

static const uint16_t S9[512] = MISTY1_S9_INIT;
static const uint8_t S7[128] = MISTY1_S7_INIT;

static inline ap_uint<9> misty1_s9(int lane, ap_uint<9> x) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=S9 type=rom_2p impl=bram
  (void)lane;  /* one table for every look-up */
  return S9[x.to_uint()];
}

static inline ap_uint<7> misty1_s7(int lane, ap_uint<7> x) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=S7 type=rom_2p impl=bram
  (void)lane;
  return S7[x.to_uint()];
}

#include "misty1_sbox_top.h"
