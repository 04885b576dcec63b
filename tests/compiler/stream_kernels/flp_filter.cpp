/* A free-running core whose endless word loop is pipelined at II=1 (issue 16 item 6, the shape of
 * designs/aes128-ctr-pipe/hls): `while (1)` with PIPELINE II=1 style=flp, a loop-carried sum, an
 * add chain deep enough for several stages and a conditional axis write (bit 32 of the word).
 * Natively (csim) the loop ends when the input is empty. */
#include "ap_int.h"
#include "hls_stream.h"

#ifdef __SYNTHESIS__
#define FOREVER(csim_condition) while (1)
#else
#define FOREVER(csim_condition) while (csim_condition)
#endif

void flp_filter(hls::stream<ap_uint<33> > &in, hls::stream<ap_uint<32> > &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
  ap_uint<32> acc = 0;
WORDS:
  FOREVER(!in.empty()) {
#pragma HLS PIPELINE II=1 style=flp
    ap_uint<33> w = in.read();
    ap_uint<32> x = w.range(31, 0);
    acc = acc + x;
    ap_uint<32> y = x;
    for (int r = 0; r < 6; r++) {   /* unrolled (inside a pipelined loop): an add per stage at 5 ns */
      y = ((y << 3) | (y >> 29)) + (y ^ acc);
    }
    if (w[32]) out.write(y);
  }
}
