#include "tb_check.h"
uint32_t structs(uint32_t x, uint32_t y);
int main(void) {
  for (int i = 0; i < 48; i++) {
    uint32_t x = tb_rand32(), y = tb_rand32();
    uint32_t lo = x ^ (x + y) ^ (x + 2 * y) ^ (x + 3 * y);
    uint32_t hi = ((y & 0xffff) + ((y >> 1) & 0xffff) + ((y >> 2) & 0xffff) + ((y >> 3) & 0xffff)) & 0xffff;
    tb_check("structs", i, structs(x, y), lo + (hi << 16));
  }
  return tb_finish("structs");
}
