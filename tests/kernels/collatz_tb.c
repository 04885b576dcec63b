#include "tb_check.h"
uint32_t collatz(uint32_t n);
int main(void) {
  tb_check("collatz27", 0, collatz(27), 111); /* a well-known value */
  tb_check("collatz1", 0, collatz(1), 0);
  for (int i = 0; i < 24; i++) {
    uint32_t n = tb_rand32() % 1000 + 1, steps = 0;
    for (uint64_t v = n; v != 1; steps++) v = (v % 2) ? 3 * v + 1 : v / 2;
    tb_check("collatz", i, collatz(n), steps);
  }
  return tb_finish("collatz");
}
