#include "tb_check.h"
void partial_write_overlap(uint64_t *w, uint32_t a);
int main(void) {
  for (int i = 0; i < 32; i++) {
    uint32_t a = tb_rand32(), t = a;
    uint64_t w = tb_rand64(), mw = w;
    for (uint32_t k = 0; k < (a & 3); k++)
      t = t * 5u + (a >> k);
    mw = (mw & 0xffffffffull) | ((uint64_t)t << 32);
    partial_write_overlap(&w, a);
    tb_check("partial_write_overlap_w", i, w, mw);
  }
  return tb_finish("partial_write_overlap");
}
