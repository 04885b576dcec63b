#include "tb_check.h"
uint32_t struct_select(uint32_t x, int use_backup);
int main(void) {
  uint8_t counts[2] = {0, 0};
  const uint32_t mask[2] = {0x00ff00ffu, 0x0f0f0f0fu};
  const unsigned shift[2] = {3, 5};
  for (int t = 0; t < 40; t++) {           /* the counters persist from call to call */
    uint32_t x = tb_rand32();
    int b = (int)(tb_rand32() % 3 == 0);
    counts[b]++;
    uint32_t y = ((x & mask[b]) << shift[b]) | (x >> (32 - shift[b]));
    tb_check("ret", t, struct_select(x, b), y ^ ((uint32_t)counts[0] << 24) ^ ((uint32_t)counts[1] << 16));
  }
  return tb_finish("struct_select");
}
