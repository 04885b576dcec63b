#include "tb_check.h"
uint32_t mul32(uint32_t a, uint32_t b, uint32_t c);
int main(void) {
  for (int i = 0; i < 64; i++) {
    uint32_t a = tb_rand32(), b = tb_rand32(), c = tb_rand32();
    uint64_t full = (uint64_t)a * b + c;
    tb_check("mul32", i, mul32(a, b, c), full & 0xffffffffu);
  }
  return tb_finish("mul32");
}
