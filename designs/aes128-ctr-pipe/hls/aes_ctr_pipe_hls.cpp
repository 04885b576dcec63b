/* AES-128 in counter mode (SP 800-38A), fully pipelined: the `hls` variant of aes128-ctr-pipe.
 *
 * Same stream format as designs/aes128-ctr/hls (the adapter of `cryptohls sim` is shared):
 *   bit 128 = 1: start of a message, bits [127:32] = IV, bits [31:0] = initial counter;
 *   bit 128 = 0: a message block; out gets block XOR E(key, IV ‖ counter), counter += 1 mod 2^32.
 * `key` is sampled with every block word (the round keys travel down the pipeline with it).
 *
 * One loop iteration per word, `PIPELINE II=1`: the ten rounds and the ten KeyExpansion steps are
 * unrolled (the ROUNDS loop inside a pipelined loop is unrolled; the pragma says so anyway), so a
 * new word enters every cycle and the scheduler cuts the chain of rounds into stages at the clock
 * (one round per stage at 12 ns, as rtl/aes128_ctr_pipe.v). The pipeline stalls as a whole when
 * `out` is full (Vitis' stalling pipeline), as the RTL freezes on back-pressure.
 */
#include "../../aes128-ecb-enc/hls/aes128_hls.h"

typedef ap_uint<129> ctr_word_t;

/* Rcon[1..10] (FIPS-197 §5.2): constants of the unrolled key steps */
static const ap_uint<8> RCON[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

void aes128_ctr_pipe(hls::stream<ctr_word_t> &in, hls::stream<aes_block_t> &out, aes_block_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
  /* The message state lives in loop variables (registers in hardware). The free-running function
   * is entered once, at reset; in csim every call starts from 0, so a call's words begin with a
   * start word (the testbench's do). */
  ap_uint<96> iv = 0;
  ap_uint<32> counter = 0;
WORDS:
  HLS_FOREVER(!in.empty()) {
#pragma HLS PIPELINE II=1 style=flp
    ctr_word_t w = in.read();
    bool start = w[128];
    aes_block_t msg = w.range(127, 0);
    aes_block_t rk = key;
    aes_block_t s = aes_block_t((iv, counter)) ^ rk;
    iv = start ? ap_uint<96>(w.range(127, 32)) : iv;
    counter = start ? ap_uint<32>(w.range(31, 0)) : ap_uint<32>(counter + 1);
    if (!start) {
    ROUNDS:
      for (int r = 0; r < 10; r++) {
#pragma HLS UNROLL
        rk = aes_key_step(rk, RCON[r]);
        s = aes_enc_round(s, rk, r == 9);
      }
      out.write(s ^ msg);
    }
  }
}
