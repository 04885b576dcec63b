/* A tiny free-running stream "cipher" for the stream-adapter tests (tests/sim/test_sim_stream.py):
 * out = in ^ key, one word per iteration of the forever loop (no loop can take fewer than 1 cycle;
 * with the registered output: latency 1, interval 1).
 */
#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<128> word_t;

void xor1_core(hls::stream<word_t> &in, hls::stream<word_t> &out, word_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
  while (1) {
    out.write(in.read() ^ key);
  }
}
