#include "tb_check.h"
uint32_t popcount32(uint32_t x);
int main(void) {
  tb_check("zero", 0, popcount32(0), 0);
  tb_check("ones", 0, popcount32(0xffffffffu), 32);
  for (int i = 0; i < 48; i++) {
    uint32_t x = tb_rand32(), expected = 0;
    for (uint32_t v = x; v; v &= v - 1) expected++;
    tb_check("popcount32", i, popcount32(x), expected);
  }
  return tb_finish("popcount32");
}
