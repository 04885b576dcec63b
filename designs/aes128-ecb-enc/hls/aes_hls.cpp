/* AES-128 ECB encryption, `hls` variant: a free-running stream core with the architecture of
 * rtl/aes128_ecb_enc.v (128-bit datapath, one round per cycle, round keys on the fly).
 *
 * Structure (README.md): a free-running block loop (ap_ctrl_none, `while (1)`) around a rolled
 * loop of 10 rounds. Why this one and not a per-call block function: the overlap the RTL has —
 * the initial AddRoundKey of block i+1 in the cycle of round 10 of block i — is then an overlap
 * between two iterations of a loop the compiler sees whole (the BLOCKS body's head with the last
 * ROUNDS iteration), with nothing hidden behind a function-call protocol (a per-call function
 * would need the caller's start/done handshake to overlap, which is the control limitation of
 * the case study, §IV). The round-10 value of `s` has a single use, the out.write() chained in
 * the same cycle, so the register `s` is free to take the next block's initial state at the end
 * of that cycle.
 *
 * Cycle plan the compiler must reach (= RTL): cycle 0 reads `in` and `key` (initial AddRoundKey),
 * cycles 1..10 run ROUNDS r = 0..9 (r == 9 without MixColumns), out.write() chained after the
 * round-10 logic in cycle 10, and cycle 10 is also cycle 0 of the next block: interval 10,
 * latency 11 (first cycle TVALID is high with the result).
 */
#include "aes128_hls.h"

void aes128_ecb_enc(hls::stream<aes_block_t> &in, hls::stream<aes_block_t> &out, aes_block_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
  /* xor chains as written: Yosys/ABC restructures them itself, and the balanced trees cost LUTs
   * here (ecp5 LUT4 5675 -> 5329, README.md); the round still fits the clock (LUT packing) */
#pragma HLS EXPRESSION_BALANCE off
BLOCKS:
  HLS_FOREVER(!in.empty()) {
    aes_block_t rk = key;          /* round key 0, sampled with the block (as key_i) */
    aes_block_t s = in.read() ^ rk; /* initial AddRoundKey in the accepting cycle */
    ap_uint<8> rcon = 0x01;
  ROUNDS:
    for (int r = 0; r < 10; r++) {
#pragma HLS PIPELINE II=1
      rk = aes_key_step(rk, rcon);
      rcon = aes_xtime(rcon);
      s = aes_enc_round(s, rk, r == 9);
    }
    out.write(s);
  }
}
