/* Testbench for pkt_mix: four packets of 1, 5, 2 and 9 words; same output in csim and cosim. */
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

ap_uint<16> pkt_mix(hls::stream<ap_uint<33> > &in, hls::stream<ap_uint<32> > &out);

int main(void) {
  hls::stream<ap_uint<33> > in;
  hls::stream<ap_uint<32> > out;
  const int lens[4] = {1, 5, 2, 9};
  unsigned v = 7;
  for (int p = 0; p < 4; p++)
    for (int i = 0; i < lens[p]; i++) {
      ap_uint<33> w = v;
      v = v * 1103515245u + 12345u;
      w[32] = i == lens[p] - 1;
      in.write(w);
    }
  for (int p = 0; p < 4; p++) {
    unsigned n = pkt_mix(in, out).to_uint();
    printf("packet %d: %u words\n", p, n);
    while (!out.empty()) printf("  %08x\n", out.read().to_uint());
  }
  return 0;
}
