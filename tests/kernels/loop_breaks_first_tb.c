#include "tb_check.h"
uint32_t loop_breaks_first(uint32_t n, uint32_t seed);
static uint32_t model(uint32_t n, uint32_t seed) {   /* the same computation, written without loops that exit early */
  uint32_t acc = seed;
  for (uint32_t i = 0; i < n; i++) {
    acc = acc * 33;
    uint32_t x = acc + i;
    acc += (x & 1) ? x : x;                         /* k = 0 on the only pass: 0 + x, or 0 ^ x */
  }
  return acc;
}
int main(void) {
  tb_check("lbf0", 0, loop_breaks_first(0, 7), 7);
  for (int i = 0; i < 24; i++) {
    uint32_t n = tb_rand32() % 20, seed = tb_rand32();
    tb_check("lbf", i, loop_breaks_first(n, seed), model(n, seed));
  }
  return tb_finish("loop_breaks_first");
}
