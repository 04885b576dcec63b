/* Testbench of memset_runtime_len.c: pad() for every used length 0..56 against the C it replaces. */
#include <stdint.h>
#include <stdio.h>

void pad(uint8_t block[64], int used);

int main(void) {
  int bad = 0;
  for (int used = 0; used <= 56; used++) {
    uint8_t block[64];
    for (int i = 0; i < 64; i++)
      block[i] = (uint8_t)(i * 7 + used + 1);
    pad(block, used);
    for (int i = 0; i < 64; i++)
      bad += block[i] != (i >= used && i < 56 ? 0 : (uint8_t)(i * 7 + used + 1));
  }
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
