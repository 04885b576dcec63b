/* Calls absorb_top on four inputs and prints its answers. */
#include <stdint.h>
#include <stdio.h>

uint32_t absorb_top(const uint8_t in[8], uint32_t shift);

int main(void) {
  uint8_t in[8];
  for (uint32_t t = 0; t < 4; t++) {
    for (int i = 0; i < 8; i++)
      in[i] = (uint8_t)(0x3d * (i + 1) + 17 * t);
    printf("%08x\n", absorb_top(in, 3 * t));
  }
  return 0;
}
