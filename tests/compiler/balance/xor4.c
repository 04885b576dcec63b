/* An xor chain over four inputs: `balance` rebuilds it as a tree (xor4_as_written.c: not). */
#include <stdint.h>

uint8_t xor4(uint8_t a, uint8_t b, uint8_t c, uint8_t d) {
  return ((a ^ b) ^ c) ^ d;
}
