/* MISTY1 encryption, S-box Type 4 (seed 003): the expanded tables S7A (7 -> 16 bits) and S9A
 * (9 -> 16 bits) of seed 003 section IV-A 4 and its Fig. 6,
 *   S7A(x) = S7(x) ^ (S7(x) << 9),   S9A(x) = S9(x) ^ (x & 0x7f) ^ ((x & 0x7f) << 9),
 * fold FI's second and third rounds into table look-ups on the whole 16-bit word. With
 * d9 = FI_IN >> 7, d7 = FI_IN & 0x7f and x = S9(d9) ^ d7 ^ (KI & 0x1ff) (the input of the last S9):
 *   FI_OUT = S9A(x) ^ S7A(d7) ^ (c << 9) ^ c,   c = (KI ^ (KI >> 9)) & 0x7f,
 * because the RFC's d7 at the end is S7(d7) ^ (x & 0x7f) ^ c and its d9 is S9(x) ^ that d7. S7A reads
 * the FI input directly, in parallel with the first S9. One S9, one S9A and one S7A, each a LUT ROM
 * (BIND_STORAGE impl=lutram, replicated per read), as the T-boxes of aes128-sbox's Type 4. */
#define MISTY1_OWN_FI
#include "misty1_sbox_core.h"
#include "misty1_tables.h"

static const uint16_t S9[512] = MISTY1_S9_INIT;
static const uint16_t S9A[512] = MISTY1_S9A_INIT;
static const uint16_t S7A[128] = MISTY1_S7A_INIT;

static inline ap_uint<16> misty1_fi(int fi, ap_uint<16> fi_in, ap_uint<16> fi_key) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=S9 type=rom_np impl=lutram
#pragma HLS BIND_STORAGE variable=S9A type=rom_np impl=lutram
#pragma HLS BIND_STORAGE variable=S7A type=rom_np impl=lutram
  (void)fi;  /* the same tables for every FI */
  ap_uint<9> d9 = fi_in >> 7;
  ap_uint<7> d7 = fi_in & 0x7f;
  ap_uint<9> x = ap_uint<9>(S9[d9.to_uint()]) ^ d7 ^ ap_uint<9>(fi_key & 0x1ff);
  ap_uint<7> c = ap_uint<7>(fi_key ^ (fi_key >> 9));
  ap_uint<16> kc = (ap_uint<16>(c) << 9) | c;
  return ap_uint<16>(S9A[x.to_uint()]) ^ ap_uint<16>(S7A[d7.to_uint()]) ^ kc;
}

#include "misty1_sbox_top.h"
