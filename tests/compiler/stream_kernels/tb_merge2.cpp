/* Testbench for merge2 (read_nb): same output natively (csim) and against the Verilated design (cosim). */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

uint8_t merge2(hls::stream<uint32_t> &a, hls::stream<uint32_t> &b, hls::stream<uint32_t> &out, uint8_t n);

int main(void) {
  hls::stream<uint32_t> a, b, out;
  for (uint32_t i = 0; i < 3; i++) a.write(0x100u + i);
  for (uint32_t i = 0; i < 4; i++) b.write(0x200u + i);
  /* call 0: a's three words, then two of b's; call 1: a new word of a before b's last two */
  for (int call = 0; call < 2; call++) {
    if (call == 1) a.write(0x1ffu);
    uint8_t from_b = merge2(a, b, out, call == 0 ? 5 : 3);
    printf("call %d: from b %d, left a %d b %d\n", call, (int)from_b, (int)a.size(), (int)b.size());
    while (!out.empty()) printf("  out %08x\n", (unsigned)out.read());
  }
  return 0;
}
