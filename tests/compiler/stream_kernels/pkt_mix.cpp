/* Pipelined stream loop with a data-dependent exit (II=1): mixes words until the one with bit 32
   (last) set, returns how many; the exit test reads the word of the iteration's first cycle. */
#include "ap_int.h"
#include "hls_stream.h"

ap_uint<16> pkt_mix(hls::stream<ap_uint<33> > &in, hls::stream<ap_uint<32> > &out) {
  ap_uint<16> count = 0;
  bool last = false;
WORDS:
  while (!last) {
#pragma HLS PIPELINE II=1
    ap_uint<33> w = in.read();
    last = w[32] == 1;
    ap_uint<32> y = ap_uint<32>(w.range(31, 0)) * ap_uint<32>(0x9E3779B1u);
    y ^= y >> 15;
    out.write(y * ap_uint<32>(0x85EBCA77u));
    count++;
  }
  return count;
}
