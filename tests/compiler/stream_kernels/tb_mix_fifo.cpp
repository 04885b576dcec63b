/* Testbench for mix_fifo (and two_writes): same output natively (csim) and in cosim. */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

void mix_fifo(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint8_t n);

int main(void) {
  hls::stream<uint32_t> in, out;
  for (uint32_t i = 0; i < 40; i++) in.write(i * 0x01000193u + 7u);
  const uint8_t counts[4] = {1, 6, 0, 33};
  for (int call = 0; call < 4; call++) {
    mix_fifo(in, out, counts[call]);
    printf("call %d: n %d, left %d\n", call, counts[call], (int)in.size());
    while (!out.empty()) printf("  out %08x\n", (unsigned)out.read());
  }
  return 0;
}
