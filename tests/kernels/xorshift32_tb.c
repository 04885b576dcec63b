#include "tb_check.h"
void xorshift32(uint32_t seed, uint32_t out[16]);
int main(void) {
  for (int t = 0; t < 8; t++) {
    uint32_t seed = t == 0 ? 0 : tb_rand32(), out[16] = {0}, x = seed ? seed : 1;
    xorshift32(seed, out);
    for (int i = 0; i < 16; i++) {
      x = x ^ (uint32_t)(x * 8192u);
      x = x ^ (x / 131072u);
      x = x ^ (uint32_t)(x * 32u);
      tb_check("xorshift32", t * 16 + i, out[i], x);
    }
  }
  return tb_finish("xorshift32");
}
