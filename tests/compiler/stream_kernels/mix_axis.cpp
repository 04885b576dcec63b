/* Free-running AXI-stream kernel with a pipelined loop (II=1): each run reads 8 words and writes 8
   mixed words, each xored with the running sum of the run's inputs (a recurrence). */
#include "ap_int.h"
#include "hls_stream.h"

void mix_axis(hls::stream<ap_uint<32> > &in, hls::stream<ap_uint<32> > &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
  ap_uint<32> sum = 0;
  for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE II=1
    ap_uint<32> x = in.read();
    sum += x;
    ap_uint<32> y = x * ap_uint<32>(0x9E3779B1u);
    y ^= y >> 15;
    y *= ap_uint<32>(0x85EBCA77u);
    out.write(y ^ (y >> 13) ^ sum);
  }
}
