/* Calls the top three times and prints its outputs and the running xor of its return values. */
#include <stdint.h>
#include <stdio.h>

uint32_t top(const uint32_t in[8], uint32_t out[8]);

int main(void) {
  uint32_t in[8], out[8], acc = 0;
  for (uint32_t t = 0; t < 3; t++) {
    for (uint32_t i = 0; i < 8; i++)
      in[i] = 0x01234567u * (i + 1) + t;
    acc ^= top(in, out);
    for (int i = 0; i < 8; i++)
      printf("%08x%c", out[i], i == 7 ? '\n' : ' ');
  }
  printf("acc %08x\n", acc);
  return 0;
}
