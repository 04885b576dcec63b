/* Testbench of cond_read.cpp: reads only when `reuse` is 0; every call writes one word. */
#include <cstdio>

#include "hls_stream.h"

void cond_read(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, bool reuse);

int main() {
  const bool reuse[8] = {false, true, true, false, false, true, false, true};
  hls::stream<uint32_t> in, out;
  for (uint32_t i = 0; i < 4; i++) in.write(0x1000u * (i + 1) + i);
  for (int k = 0; k < 8; k++) {
    cond_read(in, out, reuse[k]);
    std::printf("call %d: out %08x, %d words left\n", k, (unsigned)out.read(), (int)in.size());
  }
  return 0;
}
