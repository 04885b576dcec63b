/* Testbench for sum_stream: same output natively (csim) and against the Verilated design (cosim). */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

uint32_t sum_stream(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint8_t n);

int main(void) {
  hls::stream<uint32_t> in, out;
  uint32_t expect = 0;
  for (uint32_t i = 0; i < 7; i++) in.write(i * 0x01010101u + 3u);
  for (int call = 0; call < 2; call++) {
    uint8_t n = call == 0 ? 3 : 4;
    uint32_t total = sum_stream(in, out, n);
    printf("call %d: total %08x, left %d\n", call, (unsigned)total, (int)in.size());
    while (!out.empty()) printf("  out %08x\n", (unsigned)out.read());
  }
  (void)expect;
  return 0;
}
