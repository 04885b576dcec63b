/* Two writes to one stream per iteration, the second after two multiplies: PIPELINE II=1 cannot be
   met (one transfer per cycle); at II=2 the first write waits so that both lie within 2 cycles. */
#include <stdint.h>

#include "hls_stream.h"

void two_writes(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint8_t n) {
PAIRS:
  for (uint8_t i = 0; i < n; i++) {
#pragma HLS PIPELINE II=1
    uint32_t x = in.read();
    out.write(x);
    uint32_t y = x * 0x9E3779B1u;
    y ^= y >> 15;
    y *= 0x85EBCA77u;
    out.write(y);
  }
}
