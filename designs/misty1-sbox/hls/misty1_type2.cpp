/* MISTY1 encryption, S-box Type 2 (seed 003): the tables replicated, one copy per look-up: S9_0..S9_27
 * and S7_0..S7_13 (lanes of misty1_sbox_core.h: the round pair's six FIs use S9_0..S9_11 and
 * S7_0..S7_5, seed 003's "six S7 and twelve S9"; the key schedule's eight FIs the rest), so no two
 * look-ups share a table. Each copy is a LUT ROM (BIND_STORAGE impl=lutram: a 512 x 16-bit S9 is
 * above the size that is a LUT ROM by default), read in the cycle that needs it.
 * Written as 42 arrays, not as one S9_COPY[28][512] with ARRAY_PARTITION dim=1 (the Vitis way):
 * cryptohls keeps a partitioned global table as one memory (designs/aes128-sbox/docs.md, "Found"). */
#include "misty1_sbox_core.h"
#include "misty1_tables.h"

static const uint16_t S9_0[512] = MISTY1_S9_INIT;
static const uint16_t S9_1[512] = MISTY1_S9_INIT;
static const uint16_t S9_2[512] = MISTY1_S9_INIT;
static const uint16_t S9_3[512] = MISTY1_S9_INIT;
static const uint16_t S9_4[512] = MISTY1_S9_INIT;
static const uint16_t S9_5[512] = MISTY1_S9_INIT;
static const uint16_t S9_6[512] = MISTY1_S9_INIT;
static const uint16_t S9_7[512] = MISTY1_S9_INIT;
static const uint16_t S9_8[512] = MISTY1_S9_INIT;
static const uint16_t S9_9[512] = MISTY1_S9_INIT;
static const uint16_t S9_10[512] = MISTY1_S9_INIT;
static const uint16_t S9_11[512] = MISTY1_S9_INIT;
static const uint16_t S9_12[512] = MISTY1_S9_INIT;
static const uint16_t S9_13[512] = MISTY1_S9_INIT;
static const uint16_t S9_14[512] = MISTY1_S9_INIT;
static const uint16_t S9_15[512] = MISTY1_S9_INIT;
static const uint16_t S9_16[512] = MISTY1_S9_INIT;
static const uint16_t S9_17[512] = MISTY1_S9_INIT;
static const uint16_t S9_18[512] = MISTY1_S9_INIT;
static const uint16_t S9_19[512] = MISTY1_S9_INIT;
static const uint16_t S9_20[512] = MISTY1_S9_INIT;
static const uint16_t S9_21[512] = MISTY1_S9_INIT;
static const uint16_t S9_22[512] = MISTY1_S9_INIT;
static const uint16_t S9_23[512] = MISTY1_S9_INIT;
static const uint16_t S9_24[512] = MISTY1_S9_INIT;
static const uint16_t S9_25[512] = MISTY1_S9_INIT;
static const uint16_t S9_26[512] = MISTY1_S9_INIT;
static const uint16_t S9_27[512] = MISTY1_S9_INIT;

static const uint8_t S7_0[128] = MISTY1_S7_INIT;
static const uint8_t S7_1[128] = MISTY1_S7_INIT;
static const uint8_t S7_2[128] = MISTY1_S7_INIT;
static const uint8_t S7_3[128] = MISTY1_S7_INIT;
static const uint8_t S7_4[128] = MISTY1_S7_INIT;
static const uint8_t S7_5[128] = MISTY1_S7_INIT;
static const uint8_t S7_6[128] = MISTY1_S7_INIT;
static const uint8_t S7_7[128] = MISTY1_S7_INIT;
static const uint8_t S7_8[128] = MISTY1_S7_INIT;
static const uint8_t S7_9[128] = MISTY1_S7_INIT;
static const uint8_t S7_10[128] = MISTY1_S7_INIT;
static const uint8_t S7_11[128] = MISTY1_S7_INIT;
static const uint8_t S7_12[128] = MISTY1_S7_INIT;
static const uint8_t S7_13[128] = MISTY1_S7_INIT;

static inline ap_uint<9> misty1_s9(int lane, ap_uint<9> x) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=S9_0 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_1 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_2 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_3 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_4 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_5 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_6 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_7 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_8 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_9 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_10 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_11 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_12 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_13 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_14 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_15 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_16 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_17 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_18 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_19 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_20 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_21 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_22 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_23 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_24 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_25 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_26 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S9_27 type=rom_1p impl=lutram
  switch (lane) {  /* lane is a constant after inlining: one copy per look-up */
    case 0: return S9_0[x.to_uint()];
    case 1: return S9_1[x.to_uint()];
    case 2: return S9_2[x.to_uint()];
    case 3: return S9_3[x.to_uint()];
    case 4: return S9_4[x.to_uint()];
    case 5: return S9_5[x.to_uint()];
    case 6: return S9_6[x.to_uint()];
    case 7: return S9_7[x.to_uint()];
    case 8: return S9_8[x.to_uint()];
    case 9: return S9_9[x.to_uint()];
    case 10: return S9_10[x.to_uint()];
    case 11: return S9_11[x.to_uint()];
    case 12: return S9_12[x.to_uint()];
    case 13: return S9_13[x.to_uint()];
    case 14: return S9_14[x.to_uint()];
    case 15: return S9_15[x.to_uint()];
    case 16: return S9_16[x.to_uint()];
    case 17: return S9_17[x.to_uint()];
    case 18: return S9_18[x.to_uint()];
    case 19: return S9_19[x.to_uint()];
    case 20: return S9_20[x.to_uint()];
    case 21: return S9_21[x.to_uint()];
    case 22: return S9_22[x.to_uint()];
    case 23: return S9_23[x.to_uint()];
    case 24: return S9_24[x.to_uint()];
    case 25: return S9_25[x.to_uint()];
    case 26: return S9_26[x.to_uint()];
    default: return S9_27[x.to_uint()];
  }
}

static inline ap_uint<7> misty1_s7(int lane, ap_uint<7> x) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=S7_0 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_1 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_2 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_3 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_4 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_5 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_6 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_7 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_8 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_9 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_10 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_11 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_12 type=rom_1p impl=lutram
#pragma HLS BIND_STORAGE variable=S7_13 type=rom_1p impl=lutram
  switch (lane) {
    case 0: return S7_0[x.to_uint()];
    case 1: return S7_1[x.to_uint()];
    case 2: return S7_2[x.to_uint()];
    case 3: return S7_3[x.to_uint()];
    case 4: return S7_4[x.to_uint()];
    case 5: return S7_5[x.to_uint()];
    case 6: return S7_6[x.to_uint()];
    case 7: return S7_7[x.to_uint()];
    case 8: return S7_8[x.to_uint()];
    case 9: return S7_9[x.to_uint()];
    case 10: return S7_10[x.to_uint()];
    case 11: return S7_11[x.to_uint()];
    case 12: return S7_12[x.to_uint()];
    default: return S7_13[x.to_uint()];
  }
}

#include "misty1_sbox_top.h"
