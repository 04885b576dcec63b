#include "tb_check.h"
uint32_t calls(uint32_t x, uint32_t y);
static uint32_t ref_mix(uint32_t x, uint32_t k) { return (uint32_t)(x * 32u + x / 134217728u) ^ (x + k); }
int main(void) {
  for (int i = 0; i < 48; i++) {
    uint32_t x = tb_rand32(), y = tb_rand32();
    uint32_t tx = ref_mix(ref_mix(x, 0x9e3779b9u), 0x7f4a7c15u);
    uint32_t ty = ref_mix(ref_mix(y ^ 0x55u, 0x9e3779b9u), 0x7f4a7c15u);
    tb_check("calls", i, calls(x, y), tx + ref_mix(y, x) - ty);
  }
  return tb_finish("calls");
}
