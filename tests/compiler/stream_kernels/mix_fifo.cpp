/* Pipelined stream loop (II=1) on ap_fifo ports: n words in, n mixed words out; the loop's depth
   (two multiplies) makes iterations overlap, so a stall must hold every stage. */
#include <stdint.h>

#include "hls_stream.h"

void mix_fifo(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint8_t n) {
MIX:
  for (uint8_t i = 0; i < n; i++) {
#pragma HLS PIPELINE II=1
    uint32_t x = in.read();
    uint32_t y = x * 0x9E3779B1u;
    y ^= y >> 15;
    y *= 0x85EBCA77u;
    out.write(y ^ (y >> 13));
  }
}
