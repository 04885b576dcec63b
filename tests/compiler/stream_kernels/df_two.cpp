/* DATAFLOW: two free-running processes connected by a local stream (a FIFO of depth 4). */
#include <stdint.h>

#include "hls_stream.h"

static void scale(hls::stream<uint32_t> &in, hls::stream<uint32_t> &mid, uint32_t k) {
  mid.write(in.read() * k);
}

static void accumulate(hls::stream<uint32_t> &mid, hls::stream<uint32_t> &out) {
  static uint32_t acc = 0;
  acc += mid.read();
  out.write(acc);
}

void df_two(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint32_t k) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
#pragma HLS DATAFLOW
  hls::stream<uint32_t> mid;
#pragma HLS STREAM variable=mid depth=4
  scale(in, mid, k);
  accumulate(mid, out);
}
