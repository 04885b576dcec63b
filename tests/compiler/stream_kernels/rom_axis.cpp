/* Free-running axis kernel, pipelined at II=1 over two reads of a 1024-word block ROM (read latency
   1, two ports): a stall must keep each read's data until its stage moves on. */
#include "ap_int.h"
#include "hls_stream.h"

static const ap_uint<32> BIG[1024] = {
#include "../kernels/big_table.inc"
};

void rom_axis(hls::stream<ap_uint<32> > &in, hls::stream<ap_uint<32> > &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
  for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE II=1
    ap_uint<32> x = in.read();
    out.write(BIG[x.range(9, 0)] ^ BIG[x.range(19, 10)] ^ x);
  }
}
