/* One of two tables chosen by a flag, then walked with a pointer: a pointer chosen at run time
 * (select) and a pointer that walks an array in a loop (phi). */
#include <stdint.h>

static const uint8_t SBOX_A[16] = {0xc, 0x5, 0x6, 0xb, 0x9, 0x0, 0xa, 0xd, 0x3, 0xe, 0xf, 0x8, 0x4, 0x7, 0x1, 0x2};
static const uint8_t SBOX_B[16] = {0x5, 0xe, 0xf, 0x8, 0xc, 0x1, 0x2, 0xd, 0xb, 0x4, 0x6, 0x3, 0x0, 0x7, 0x9, 0xa};

static uint32_t substitute(const uint8_t *table, uint32_t x) {
  uint32_t y = 0;
  for (int i = 0; i < 8; i++)
    y |= (uint32_t)table[(x >> (4 * i)) & 0xf] << (4 * i);
  return y;
}

uint32_t table_select(uint32_t x, int inverse, const uint32_t words[4], uint32_t out[4]) {
  const uint8_t *t = inverse ? SBOX_B : SBOX_A;
  const uint32_t *src = words;
  uint32_t *dst = out;
  int n = 4;
  uint32_t acc = substitute(t, x);
  while (n--) {
    acc = substitute(t, acc ^ *src++);
    *dst++ = acc;
  }
  return acc;
}
