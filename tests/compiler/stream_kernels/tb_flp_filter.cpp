/* Testbench for flp_filter: 24 words in one call, every third without the write flag; prints the
 * outputs (cosim must print the same: the pipeline drains when the input runs dry). */
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

void flp_filter(hls::stream<ap_uint<33> > &in, hls::stream<ap_uint<32> > &out);

int main(void) {
  hls::stream<ap_uint<33> > in("in");
  hls::stream<ap_uint<32> > out("out");
  for (int i = 0; i < 24; i++) {
    ap_uint<33> w = ap_uint<32>(0x9e3779b9u * (unsigned)(i + 1));
    w[32] = (i % 3 != 2);
    in.write(w);
  }
  flp_filter(in, out);
  int n = 0;
  while (!out.empty()) printf("out %d %08x\n", n++, (unsigned)out.read());
  return n == 16 ? 0 : 1;
}
