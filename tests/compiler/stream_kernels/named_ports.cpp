/* INTERFACE name=: every argument's ports take the given prefix instead of the C name. */
#include <stdint.h>

#include "hls_stream.h"

uint32_t named_ports(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, const uint8_t tab[4], uint8_t k,
                     uint8_t *res, uint8_t part[2]) {
#pragma HLS INTERFACE mode=ap_fifo port=in name=src
#pragma HLS INTERFACE mode=axis port=out name=dst
#pragma HLS INTERFACE mode=ap_memory port=tab name=rom
#pragma HLS INTERFACE mode=ap_none port=k name=key
#pragma HLS INTERFACE mode=ap_vld port=res name=result
#pragma HLS INTERFACE port=part name=pair
#pragma HLS ARRAY_PARTITION variable=part complete
  uint32_t w = in.read();
  out.write(w + tab[k & 3]);
  *res = (uint8_t)w;
  part[0] = (uint8_t)(w >> 8);
  part[1] = (uint8_t)(w >> 16);
  return w;
}
