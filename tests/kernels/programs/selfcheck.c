/* A whole program (issue 20 item 3): main fills a global table, prints every step (a printf in a loop
   body: ignored in hardware, kept in csim) and checks its own result. No testbench: cosim compares
   main's return value and the globals it writes (table, digest) with the native run. */
#include <stdint.h>
#include <stdio.h>

#define EXPECTED_DIGEST 0x7708e864u   /* computed independently in Python (tests/kernels/test_programs.py) */

uint32_t table[16];
uint32_t digest;

static uint32_t xorshift32(uint32_t x) {
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return x;
}

int main(void) {
  uint32_t x = 2463534242u;
  for (int i = 0; i < 16; i++) {
    x = xorshift32(x);
    table[i] = x;
    printf("table[%d] = %08x\n", i, (unsigned)x);
  }
  uint32_t d = 0;
  for (int i = 0; i < 16; i++)
    d = (d << 5 | d >> 27) ^ table[i];
  digest = d;
  if (d != EXPECTED_DIGEST) {
    printf("FAIL digest %08x\n", (unsigned)d);
    return 1;
  }
  printf("PASS digest %08x\n", (unsigned)d);
  return 0;
}
