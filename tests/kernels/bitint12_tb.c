#include "tb_check.h"
unsigned _BitInt(12) bitint12(unsigned _BitInt(12) a, unsigned _BitInt(12) b);
int main(void) {
  for (int i = 0; i < 64; i++) {
    uint32_t a = tb_rand32() & 0xfff, b = tb_rand32() & 0xfff;
    uint32_t expected = (a * b + 7 - (a >> 3)) & 0xfff;
    tb_check("bitint12", i, (uint32_t)bitint12((unsigned _BitInt(12))a, (unsigned _BitInt(12))b), expected);
  }
  return tb_finish("bitint12");
}
