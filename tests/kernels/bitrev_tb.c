#include "tb_check.h"
uint32_t bitrev(uint32_t x);
int main(void) {
  tb_check("one", 0, bitrev(1), 0x80000000u);
  for (int i = 0; i < 48; i++) {
    uint32_t x = tb_rand32(), y = x;
    y = ((y >> 1) & 0x55555555u) | ((y & 0x55555555u) << 1);
    y = ((y >> 2) & 0x33333333u) | ((y & 0x33333333u) << 2);
    y = ((y >> 4) & 0x0f0f0f0fu) | ((y & 0x0f0f0f0fu) << 4);
    y = ((y >> 8) & 0x00ff00ffu) | ((y & 0x00ff00ffu) << 8);
    y = (y >> 16) | (y << 16);
    tb_check("bitrev", i, bitrev(x), y);
  }
  return tb_finish("bitrev");
}
