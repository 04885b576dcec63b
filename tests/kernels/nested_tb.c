#include "tb_check.h"
uint32_t nested(uint32_t n, uint32_t seed);
int main(void) {
  for (int t = 0; t < 16; t++) {
    uint32_t n = (uint32_t)t * 2 + (tb_rand32() & 1), seed = tb_rand32(), acc = seed;
    uint32_t i = 0;
    while (i < n) {
      for (uint32_t j = 0; j <= i; j++) acc = acc * 31u + (i ^ j);
      i++;
    }
    tb_check("nested", t, nested(n, seed), acc);
  }
  return tb_finish("nested");
}
