/* Stream kernel: reads n words from 'in', writes each running sum to 'out', returns the total. */
#include <stdint.h>

#include "hls_stream.h"

uint32_t sum_stream(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint8_t n) {
  uint32_t acc = 0;
  for (uint8_t i = 0; i < n; i++) {
    acc += in.read();
    out.write(acc);
  }
  return acc;
}
