/* AES-128 in counter mode (SP 800-38A), `hls` variant of aes128-ctr: the stream core of
 * designs/aes128-ecb-enc/hls/aes_hls.cpp with the counter logic of rtl/aes128_ctr.v around it.
 *
 * Input words (129 bits, one stream so that starts and blocks keep their order):
 *   bit 128 = 1: start of a message, bits [127:32] = IV, bits [31:0] = initial counter
 *                (the RTL's start handshake with iv_i/ctr_i); takes one cycle, no output;
 *   bit 128 = 0: a message block (FIPS byte 0 in bits [127:120]); the result on `out` is
 *                block XOR E(key, IV ‖ counter), and the counter steps by 1 modulo 2^32.
 * `key` is sampled with every block (hold it stable for a message, as key_i of the RTL).
 *
 * Same free-running loop as the ECB core: a block word's iteration reads `in` and performs the
 * initial AddRoundKey on IV ‖ counter in its first cycle, runs the 10 rounds, and writes
 * keystream ^ block chained after round 10; the next word's read (block or start) must share
 * that cycle: interval 10, latency 11 (README.md).
 */
#include "../../aes128-ecb-enc/hls/aes128_hls.h"

typedef ap_uint<129> ctr_word_t;

void aes128_ctr(hls::stream<ctr_word_t> &in, hls::stream<aes_block_t> &out, aes_block_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
  /* xor chains as written (ecp5 LUT4 6304 -> 6211; see designs/aes128-ecb-enc/hls/README.md) */
#pragma HLS EXPRESSION_BALANCE off
  static ap_uint<96> iv = 0;     /* the message state lives across calls (C simulation calls */
  static ap_uint<32> counter = 0; /* the top once per batch of words), as registers in hardware */
WORDS:
  HLS_FOREVER(!in.empty()) {
    ctr_word_t w = in.read();
    if (w[128]) {
      iv = w.range(127, 32);
      counter = w.range(31, 0);
    } else {
      aes_block_t msg = w.range(127, 0);
      aes_block_t rk = key;
      aes_block_t s = aes_block_t((iv, counter)) ^ rk;
      counter = counter + 1;
      ap_uint<8> rcon = 0x01;
    ROUNDS:
      for (int r = 0; r < 10; r++) {
#pragma HLS PIPELINE II=1
        rk = aes_key_step(rk, rcon);
        rcon = aes_xtime(rcon);
        /* round 10 adds the block with its round key: keystream ^ block comes out of the round's
         * own AddRoundKey (rk ^ msg runs beside the round), so out.write() chains into its cycle */
        s = aes_enc_round(s, r == 9 ? aes_block_t(rk ^ msg) : rk, r == 9);
      }
      out.write(s);
    }
  }
}
