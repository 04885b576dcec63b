/* A free-running II=1 stream pipeline whose scalar input (`key`, ap_none) is used in every stage,
 * the shape of designs/aes128-ctr-pipe/hls: each word is mixed with the key in six unrolled rounds
 * (an add per stage at 6 ns). The key may change from one word to the next; a word is processed with
 * the key present when it was accepted (tests/compiler/test_pipeline_sampled_inputs.py).
 * Natively (csim) the loop ends when the input is empty. */
#include "ap_int.h"
#include "hls_stream.h"

#ifdef __SYNTHESIS__
#define FOREVER(csim_condition) while (1)
#else
#define FOREVER(csim_condition) while (csim_condition)
#endif

void flp_keyed(hls::stream<ap_uint<32> > &in, hls::stream<ap_uint<32> > &out, ap_uint<128> key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
WORDS:
  FOREVER(!in.empty()) {
#pragma HLS PIPELINE II=1 style=flp
    ap_uint<32> y = in.read();
    for (int r = 0; r < 6; r++) {   /* unrolled (inside a pipelined loop) */
      ap_uint<32> k = key.range(32 * (r % 4) + 31, 32 * (r % 4));
      y = ((y << 3) | (y >> 29)) + (y ^ k);
    }
    out.write(y);
  }
}
