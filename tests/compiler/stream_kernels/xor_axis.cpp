/* Free-running AXI-stream kernel (ap_ctrl_none): each run of the body moves one word, xored with k. */
#include "ap_int.h"
#include "hls_stream.h"

void xor_axis(hls::stream<ap_uint<128> > &in, hls::stream<ap_uint<128> > &out, ap_uint<128> k) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
  ap_uint<128> x = in.read();
  out.write(x ^ k);
}
