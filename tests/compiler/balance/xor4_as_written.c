/* xor4.c with #pragma HLS EXPRESSION_BALANCE off: the chain stays as written. */
#include <stdint.h>

uint8_t xor4(uint8_t a, uint8_t b, uint8_t c, uint8_t d) {
#pragma HLS EXPRESSION_BALANCE off
  return ((a ^ b) ^ c) ^ d;
}
