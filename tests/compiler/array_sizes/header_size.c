// Issue 17: array arguments sized by macros from a local header (and an expression of them).
#include <stdint.h>
#include "sizes.h"

uint32_t header_size(const uint32_t w[WORDS], const uint8_t b[BYTES], uint8_t out[HALF][WORDS]) {
  uint32_t s = 0;
  for (int i = 0; i < WORDS; i++) s += w[i];
  for (int i = 0; i < BYTES; i++) s ^= b[i];
  for (int i = 0; i < HALF; i++)
    for (int j = 0; j < WORDS; j++) out[i][j] = (uint8_t)(s + i + j);
  return s;
}
