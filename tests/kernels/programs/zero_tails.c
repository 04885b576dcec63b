/* Tables whose initializers end in 8 or more zeros (issue 32 item 1). clang gives such a global the
   type of its constant, a packed struct of the non-zero part and the zero tail, e.g.
   clz4: <{ [8 x i8], [8 x i8] }>; read as a struct of two members, each half became a memory of its
   own and clz4[i] for i >= 8 read the first half. Each table below has another shape of that layout;
   each result is a global of its own, so a difference names the table. (Any table the split refused,
   e.g. {7, 5, 3} of 24 words, <{ i16, i16, i16, [21 x i16] }>, made the whole program import every
   struct as one memory, which hides the others: zero_tail_member.c and tests/compiler/
   test_clang_layout.py have the other shapes.) */
#include <stdint.h>

static const uint8_t clz4[16] = {4, 3, 2, 2, 1, 1, 1, 1};                /* two arrays */
static const int8_t rows[3][12] = {{1, 2, 3, 4, 5, 6, 7, 8, 9}, {-1},    /* rows of different layouts */
                                   {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}};
uint32_t ram[16] = {1, 2, 3, 4, 5, 6, 7, 8};                             /* written, not constant */

uint32_t clz_sum, row_sum;

/* leading zeros by three conditional shifts and a table look-up (a software double's normalisation) */
static int clz32(uint32_t a) {
  int n = 0;
  if (a < 0x10000u) { n += 16; a <<= 16; }
  if (a < 0x1000000u) { n += 8; a <<= 8; }
  if (a < 0x10000000u) { n += 4; a <<= 4; }
  return n + clz4[a >> 28];
}

int main(void) {
  for (uint32_t i = 0; i < 40; i++)
    clz_sum = clz_sum * 31 + (uint32_t)clz32(i * 7919u + 1u);
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 12; c++)
      row_sum = row_sum * 31 + (uint32_t)(rows[r][c] * (c + 1));
  for (int i = 0; i < 16; i++)
    ram[(i * 5) & 15] += (uint32_t)i;
  return 0;
}
