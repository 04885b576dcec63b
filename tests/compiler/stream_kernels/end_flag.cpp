/* The end-flag idiom of Vitis stream kernels: `while (!end.read())` with PIPELINE II=1, a data stream
 * beside the flag, a body several stages deep and a flag written back per word. The compiler rotates
 * the loop, so the next iteration's flag read sits after this iteration's writes in the block; only
 * each stream's own order binds it (Vitis semantics), so the loop reaches II=1 (issue 32 item 12). */
#include "ap_int.h"
#include "hls_stream.h"

void end_flag(hls::stream<ap_uint<32> > &in, hls::stream<bool> &in_end,
              hls::stream<ap_uint<32> > &out, hls::stream<bool> &out_end) {
  ap_uint<32> count = 0;
  while (!in_end.read()) {
#pragma HLS PIPELINE II=1
    ap_uint<32> y = in.read();
    for (int r = 0; r < 8; r++) {   /* unrolled (inside a pipelined loop): several stages at 5 ns */
      y = ((y << 5) | (y >> 27)) + (y ^ (count + r));
    }
    count = count + 1;
    out.write(y);
    out_end.write(false);
  }
  out_end.write(true);
}
