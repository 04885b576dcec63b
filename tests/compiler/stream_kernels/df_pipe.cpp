/* DATAFLOW of two free-running processes whose loops are pipelined (II=1) over stream accesses:
   `mix` overlaps 4 iterations of two multiplies; `sum` keeps a running sum. Either one stalls on
   the local FIFO when the other is behind. */
#include <stdint.h>

#include "hls_stream.h"

static void mix(hls::stream<uint32_t> &in, hls::stream<uint32_t> &mid, uint32_t k) {
WORDS_IN:
  for (int i = 0; i < 4; i++) {
#pragma HLS PIPELINE II=1
    uint32_t y = (in.read() ^ k) * 0x9E3779B1u;
    y ^= y >> 15;
    mid.write(y * 0x85EBCA77u);
  }
}

static void sum(hls::stream<uint32_t> &mid, hls::stream<uint32_t> &out) {
  uint32_t acc = 0;
WORDS_OUT:
  for (int i = 0; i < 4; i++) {
#pragma HLS PIPELINE II=1
    acc += mid.read();
    out.write(acc ^ (acc >> 7));
  }
}

void df_pipe(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint32_t k) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
#pragma HLS DATAFLOW
  hls::stream<uint32_t> mid;
#pragma HLS STREAM variable=mid depth=2
  mix(in, mid, k);
  sum(mid, out);
}
