/* A tiny free-running stream "cipher" for the stream-adapter tests (tests/sim/test_sim_stream.py):
 * out = in ^ key ^ rotl(key, 1), computed by a rolled 2-iteration loop (II = 1) inside the forever
 * loop, the shape of AES's ROUNDS loop; its interval is what the compiler makes of that loop nest.
 */
#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<128> word_t;

void xor2_core(hls::stream<word_t> &in, hls::stream<word_t> &out, word_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
  while (1) {
    word_t k = key;
    word_t s = in.read();
    for (int r = 0; r < 2; r++) {
#pragma HLS PIPELINE II=1
      s = s ^ k;
      k = (k << 1) | (k >> 127);
    }
    out.write(s);
  }
}
