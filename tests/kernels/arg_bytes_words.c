/* 32-bit words read out of a byte-array argument as portable C writes it: a block copied into local
 * words with memcpy (SHA-1's block fill), and one word at a 4-byte-aligned offset chosen at run time
 * (`memcpy(&w, in + 4 * i, 4)`). Both were found by issue 20's programs (a traceback and a refusal). */
#include <stdint.h>
#include <string.h>

uint32_t arg_bytes_words(const uint8_t in[16], int i) {
  uint32_t words[4];
  memcpy(words, in, 16);
  uint32_t x = 0;
  for (int k = 0; k < 4; k++) x ^= words[k] << k;
  uint32_t w;
  memcpy(&w, in + 4 * (i & 3), 4);
  return x + w;
}
