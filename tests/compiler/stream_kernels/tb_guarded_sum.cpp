/* Testbench for guarded_sum: three groups of three words; prints each sum. */
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

void guarded_sum(hls::stream<ap_uint<8> > &in, hls::stream<ap_uint<8> > &out);

int main(void) {
  hls::stream<ap_uint<8> > in, out;
  for (int group = 0; group < 3; group++) {
    for (int i = 0; i < 3; i++) in.write(ap_uint<8>(10 * group + i + 1));
    guarded_sum(in, out);
  }
  while (!out.empty()) printf("sum %u\n", out.read().to_uint());
  return 0;
}
