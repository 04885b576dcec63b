/* DATAFLOW with non-blocking reads: free-running processes that act only when a word waits (read_nb,
 * empty()); otherwise as df_two.cpp. */
#include <stdint.h>
#include "hls_stream.h"
static void scale(hls::stream<uint32_t> &in, hls::stream<uint32_t> &mid, uint32_t k) {
  uint32_t w;
  if (in.read_nb(w)) mid.write(w * k);
}
static void accumulate(hls::stream<uint32_t> &mid, hls::stream<uint32_t> &out) {
  static uint32_t acc = 0;
  if (!mid.empty()) { acc += mid.read(); out.write(acc); }
}
void df_nb(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint32_t k) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out
#pragma HLS DATAFLOW
  hls::stream<uint32_t> mid;
#pragma HLS STREAM variable=mid depth=4
  scale(in, mid, k);
  accumulate(mid, out);
}
