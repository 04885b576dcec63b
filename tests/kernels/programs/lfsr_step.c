/* A top without arguments that works on globals (issue 20 item 3): each call of step() advances a
   16-bit Fibonacci LFSR eight times and logs the bytes it produced. Without --tb, csim and cosim call
   it once, starting from the initialised globals, and compare its return value and the globals. The
   file's own main (a software use of step) is not called then. */
#include <stdint.h>
#include <stdio.h>

uint16_t lfsr = 0xACE1u;
uint8_t produced[8];
unsigned calls;

uint8_t step(void) {
  uint8_t last = 0;
  for (int i = 0; i < 8; i++) {
    uint16_t bit = ((lfsr >> 0) ^ (lfsr >> 2) ^ (lfsr >> 3) ^ (lfsr >> 5)) & 1u;
    lfsr = (uint16_t)((lfsr >> 1) | (bit << 15));
    produced[i] = (uint8_t)lfsr;
    last ^= (uint8_t)lfsr;
  }
  calls++;
  return last;
}

int main(void) {
  for (int k = 0; k < 3; k++)
    printf("%02x\n", step());
  return 0;
}
