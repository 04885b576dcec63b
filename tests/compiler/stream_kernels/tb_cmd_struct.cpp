/* Testbench for cmd_struct: one call per command; prints every output word. */
#include <stdint.h>
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

struct cmd_t {
  ap_uint<2> kind;
  ap_uint<128> data;
};

void cmd_struct(hls::stream<cmd_t> &in, hls::stream<ap_uint<128> > &out);

int main(void) {
  hls::stream<cmd_t> in;
  hls::stream<ap_uint<128> > out;
  for (int i = 0; i < 4; i++) {
    cmd_t c;
    c.kind = i % 3;
    c.data = (ap_uint<128>(0x1111111111111111ULL * (i + 1)) << 64) | ap_uint<128>(0x0123456789abcdefULL + i);
    in.write(c);
  }
  for (int i = 0; i < 4; i++) cmd_struct(in, out);
  int n = 0;
  while (!out.empty()) {
    ap_uint<128> v = out.read();
    printf("out %d %016llx%016llx\n", n++, (unsigned long long)(uint64_t)(v >> 64), (unsigned long long)(uint64_t)v);
  }
  return 0;
}
