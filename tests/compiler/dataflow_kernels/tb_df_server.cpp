/* Testbench of df_server.cpp: one call with 6 words (csim restarts the processes with every call,
 * cosim's free-running ones keep their state, so one call is what both can agree on). */
#include <cstdio>

#include "ap_int.h"
#include "hls_stream.h"

void df_server(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out);

int main() {
  hls::stream<uint32_t> in, out;
  uint32_t seed = 0x12345678u;
  for (int i = 0; i < 6; i++) {
    seed = seed * 1103515245u + 12345u;
    in.write(seed);
  }
  df_server(in, out);
  int n = 0;
  while (!out.empty()) {
    std::printf("out %d %08x\n", n++, (unsigned)out.read());
  }
  std::printf("%d words\n", n);
  return 0;
}
