/* AES-128 ECB encryption, two rounds per cycle: the `hls` variant of aes128-ecb-enc-x2, with the
 * architecture of rtl/aes128_ecb_enc_x2.v (two round datapaths and two KeyExpansion steps chained
 * in one cycle, 40 S-box ROMs).
 *
 * Same structure as designs/aes128-ecb-enc/hls/aes_hls.cpp (see its README.md): a free-running
 * block loop around a rolled loop, here of 5 iterations with two rounds each (the two calls of
 * aes_enc_round() are two instances of the inlined round: every S-box read has its own ROM, so
 * no resource sharing can serialise them — the problem the case study, §IV-B, solved by
 * duplicating functions by hand). Round 10 (iteration 4, second half) has no MixColumns.
 *
 * Cycle plan (= RTL): cycle 0 reads `in`/`key` (initial AddRoundKey), cycles 1..5 run ROUNDS
 * i = 0..4, out.write() chained after the last round in cycle 5, which is also cycle 0 of the
 * next block: interval 5, latency 6.
 */
#include "../../aes128-ecb-enc/hls/aes128_hls.h"

/* Rcon of the two key steps of iteration i (rounds 2i+1, 2i+2; FIPS-197 §5.2), looked up by the
 * round counter as the RTL's aes_rcon does: LUT ROMs on the counter instead of an rcon register
 * doubled twice per cycle (ecp5, default mapping: 12571 -> 12172 LUT4, docs/parity/README.md). */
static const ap_uint<8> RCON_FIRST[5] = {0x01, 0x04, 0x10, 0x40, 0x1b};
static const ap_uint<8> RCON_SECOND[5] = {0x02, 0x08, 0x20, 0x80, 0x36};

void aes128_ecb_enc_x2(hls::stream<aes_block_t> &in, hls::stream<aes_block_t> &out, aes_block_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
  /* xor chains as written: Yosys/ABC restructures them itself, and the balanced trees cost LUTs
   * here (ecp5 LUT4 14986 -> 12583, README.md); the round still fits the clock (LUT packing) */
#pragma HLS EXPRESSION_BALANCE off
BLOCKS:
  HLS_FOREVER(!in.empty()) {
    aes_block_t rk = key;
    aes_block_t s = in.read() ^ rk;
  ROUNDS:
    for (int i = 0; i < 5; i++) {
#pragma HLS PIPELINE II=1
      rk = aes_key_step(rk, RCON_FIRST[i]);  /* round 2i+1 */
      s = aes_enc_round(s, rk, false);
      rk = aes_key_step(rk, RCON_SECOND[i]);  /* round 2i+2 */
      s = aes_enc_round(s, rk, i == 4);
    }
    out.write(s);
  }
}
