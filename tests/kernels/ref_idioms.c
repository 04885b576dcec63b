/* Idioms of reference cipher code (SUPERCOP's CAESAR refs) through argument ports, in one core: a tag
 * check with memcmp, copies of a length known only at run time (memcpy from a constant table, memmove
 * between two arguments, memset over a local word array from an odd byte), bytes and halves of a
 * uint64_t argument at fixed places, a uint64_t read over two uint32_t elements at a run-time index,
 * and a union of bytes and words written as a byte at a run-time place. Each was refused or compiled
 * wrongly before branch supercop28 (docs/hls-c-guide.md §9). */
#include <stdint.h>
#include <string.h>

static const uint8_t T[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};

uint64_t ref_idioms(uint8_t d[16], uint8_t e[16], const uint8_t tag[16], const uint8_t c[32], const uint64_t s[2],
                    const uint32_t w[4], int n, int i, int j) {
  uint64_t r = memcmp(tag, c + 16, 16) != 0;
  memcpy(d, T + 2, n & 7);
  memmove(e + 1, c, n & 15);
  uint64_t l[4] = {1, 2, 3, 4};
  memset((uint8_t *)l + 3, 0xA5, n & 15);
  r = r * 31 + l[i & 3] + l[(i + 1) & 3];
  r = r * 31 + ((const uint8_t *)s)[9] + ((const uint16_t *)s)[3];
  r = r * 31 + ((const uint64_t *)w)[j & 1];
  union { uint8_t b[16]; uint32_t w[4]; } u;
  for (int k = 0; k < 16; k++)
    u.b[k] = c[k];
  u.b[i & 15] ^= 0xFF;
  return r * 31 + u.w[j & 3];
}
