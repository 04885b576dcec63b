/* Testbench for end_flag: messages of 1, 5 and 0 words; prints every output word. */
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

void end_flag(hls::stream<ap_uint<32> > &in, hls::stream<bool> &in_end,
              hls::stream<ap_uint<32> > &out, hls::stream<bool> &out_end);

int main(void) {
  const int words[3] = {1, 5, 0};
  for (int call = 0; call < 3; call++) {
    hls::stream<ap_uint<32> > in("in"), out("out");
    hls::stream<bool> in_end("in_end"), out_end("out_end");
    for (int i = 0; i < words[call]; i++) {
      in.write(0x9e3779b9u * (unsigned)(i + 1 + call));
      in_end.write(false);
    }
    in_end.write(true);
    end_flag(in, in_end, out, out_end);
    int n = 0;
    while (!out_end.read()) printf("call %d out %d %08x\n", call, n++, (unsigned)out.read());
    if (n != words[call]) return 1;
  }
  return 0;
}
