/* AES-128 encryption, S-box Type 2 (seed 003): the table replicated, one copy per look-up: SBOX_S0..S15
 * for SubBytes, SBOX_K0..K3 for the key schedule, so the 20 look-ups of a round never share a table.
 * Each copy is a LUT ROM read in the same cycle (a 256-byte table is one by default: passes/memory_binding.py).
 * Written as 20 arrays, not as one SBOX[20][256] with ARRAY_PARTITION dim=1 (the Vitis way): cryptohls
 * ignores ARRAY_PARTITION on a global array, and the one 5120-byte ROM gets a 13-bit address and the
 * delay of a ROM that deep, two cycles per round (docs.md "Found"). */
#include "aes_sbox_core.h"
#include "aes_tables.h"

static const uint8_t SBOX_S0[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S1[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S2[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S3[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S4[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S5[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S6[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S7[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S8[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S9[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S10[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S11[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S12[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S13[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S14[256] = AES_SBOX_INIT;
static const uint8_t SBOX_S15[256] = AES_SBOX_INIT;
static const uint8_t SBOX_K0[256] = AES_SBOX_INIT;
static const uint8_t SBOX_K1[256] = AES_SBOX_INIT;
static const uint8_t SBOX_K2[256] = AES_SBOX_INIT;
static const uint8_t SBOX_K3[256] = AES_SBOX_INIT;

static inline ap_uint<8> aes_sub(int lane, ap_uint<8> x) {
#pragma HLS INLINE
  switch (lane) {  /* lane is a constant after unrolling: one copy per look-up */
    case 0: return SBOX_S0[x.to_uint()];
    case 1: return SBOX_S1[x.to_uint()];
    case 2: return SBOX_S2[x.to_uint()];
    case 3: return SBOX_S3[x.to_uint()];
    case 4: return SBOX_S4[x.to_uint()];
    case 5: return SBOX_S5[x.to_uint()];
    case 6: return SBOX_S6[x.to_uint()];
    case 7: return SBOX_S7[x.to_uint()];
    case 8: return SBOX_S8[x.to_uint()];
    case 9: return SBOX_S9[x.to_uint()];
    case 10: return SBOX_S10[x.to_uint()];
    case 11: return SBOX_S11[x.to_uint()];
    case 12: return SBOX_S12[x.to_uint()];
    case 13: return SBOX_S13[x.to_uint()];
    case 14: return SBOX_S14[x.to_uint()];
    case 15: return SBOX_S15[x.to_uint()];
    case 16: return SBOX_K0[x.to_uint()];
    case 17: return SBOX_K1[x.to_uint()];
    case 18: return SBOX_K2[x.to_uint()];
    default: return SBOX_K3[x.to_uint()];
  }
}

#include "aes_top.h"
