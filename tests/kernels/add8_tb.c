#include "tb_check.h"
uint8_t add8(uint8_t a, uint8_t b);
int main(void) {
  for (int i = 0; i < 64; i++) {
    uint8_t a = (uint8_t)tb_rand32(), b = (uint8_t)tb_rand32();
    tb_check("add8", i, add8(a, b), (uint8_t)((a + 3 * b + 7) % 256));
  }
  tb_check("add8_edge", 0, add8(255, 255), (255 + 765 + 7) % 256);
  return tb_finish("add8");
}
