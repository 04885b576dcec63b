/* Testbench for named_ports: same output natively (csim) and against the Verilated design (cosim). */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

uint32_t named_ports(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, const uint8_t tab[4], uint8_t k,
                     uint8_t *res, uint8_t part[2]);

int main(void) {
  hls::stream<uint32_t> in, out;
  const uint8_t tab[4] = {0x10, 0x20, 0x30, 0x40};
  for (uint32_t i = 0; i < 3; i++) in.write(0x00a1b2c3u + i);
  for (int call = 0; call < 3; call++) {
    uint8_t res = 0, part[2] = {0, 0};
    uint32_t r = named_ports(in, out, tab, (uint8_t)(call + 1), &res, part);
    printf("call %d: ret %08x res %02x part %02x %02x out %08x\n", call, (unsigned)r, res, part[0], part[1],
           (unsigned)out.read());
  }
  return 0;
}
