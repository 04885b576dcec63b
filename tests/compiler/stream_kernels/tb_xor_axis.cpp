/* Testbench for xor_axis: one call per word (the hardware body restarts by itself), outputs checked
 * after the last call, so csim and cosim print the same. */
#include <stdint.h>
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

void xor_axis(hls::stream<ap_uint<128> > &in, hls::stream<ap_uint<128> > &out, ap_uint<128> k);

int main(void) {
  hls::stream<ap_uint<128> > in, out;
  ap_uint<128> k = 0x0123456789abcdefULL;
  k = (k << 64) | ap_uint<128>(0xfedcba9876543210ULL);
  for (int i = 0; i < 5; i++) in.write(ap_uint<128>(i + 1) << (16 * i));
  for (int i = 0; i < 5; i++) xor_axis(in, out, k);
  int n = 0;
  while (!out.empty()) {
    ap_uint<128> v = out.read();
    printf("out %d %016llx%016llx\n", n++, (unsigned long long)(uint64_t)(v >> 64), (unsigned long long)(uint64_t)v);
  }
  return n == 5 ? 0 : 1;
}
