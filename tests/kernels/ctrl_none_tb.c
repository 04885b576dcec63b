#include "tb_check.h"
uint32_t ctrl_none(uint16_t a, uint16_t b);
int main(void) {
  for (int i = 0; i < 48; i++) {
    uint16_t a = (uint16_t)tb_rand32(), b = (uint16_t)tb_rand32();
    uint64_t product = (uint64_t)a * b;
    tb_check("ctrl_none", i, ctrl_none(a, b), (uint32_t)(product ^ (uint64_t)(a + b)));
  }
  return tb_finish("ctrl_none");
}
