/* Stream kernel with write_nb and full(): copies n words of in to out (an AXI stream with an output
 * register); a word that finds the output busy is counted and dropped. */
#include <stdint.h>

#include "hls_stream.h"

uint8_t count_full(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint8_t n) {
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
  uint8_t dropped = 0;
  for (uint8_t i = 0; i < n; i++) {
    uint32_t w = in.read();
    if (out.full() || !out.write_nb(w)) dropped++;
  }
  return dropped;
}
