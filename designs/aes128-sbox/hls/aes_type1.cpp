/* AES-128 encryption, S-box Type 1 (seed 003): ONE 256-byte table shared by all 20 look-ups of a round.
 * BIND_STORAGE makes it one dual-port ROM (a block ROM: read latency 1), so the look-ups queue for
 * its two ports: 10 port cycles per round instead of one. */
#include "aes_sbox_core.h"
#include "aes_tables.h"

static const uint8_t SBOX[256] = AES_SBOX_INIT;

static inline ap_uint<8> aes_sub(int lane, ap_uint<8> x) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=SBOX type=rom_2p impl=bram
  (void)lane;  /* one table for every lane */
  return SBOX[x.to_uint()];
}

#include "aes_top.h"
