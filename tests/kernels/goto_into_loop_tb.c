#include "tb_check.h"
uint32_t goto_into_loop(uint32_t x, uint32_t n, int skip);
static uint32_t model(uint32_t x, uint32_t n, int skip) {   /* the goto written as a first half-pass */
  uint32_t acc = 1;
  uint32_t i = 0;
  int first = skip;
  while (first || i < n) {
    if (!first)
      acc = acc * 3 + x;
    first = 0;
    acc ^= i << 3;
    acc += ((acc & 1) && i > 2) * 7u;
    i++;
  }
  return acc;
}
int main(void) {
  for (int i = 0; i < 24; i++) {
    uint32_t x = tb_rand32(), n = tb_rand32() % 12;
    int skip = i & 1;
    tb_check("gil", i, goto_into_loop(x, n, skip), model(x, n, skip));
  }
  tb_check("gil_zero", 0, goto_into_loop(5, 0, 0), model(5, 0, 0));
  tb_check("gil_zero_skip", 0, goto_into_loop(5, 0, 1), model(5, 0, 1));
  return tb_finish("goto_into_loop");
}
