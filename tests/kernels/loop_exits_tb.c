#include "tb_check.h"
uint32_t loop_exits(const uint32_t v[16], uint32_t key, uint32_t limit);
static uint32_t model(const uint32_t v[16], uint32_t key, uint32_t limit) {   /* one exit per loop */
  uint32_t found = 99, stop = 0;
  for (uint32_t k = 0; k < 16 && !stop; k++) {
    if (v[k] == key) { found = k; stop = 1; }
    else if (v[k] > 0xF0000000u) stop = 1;
  }
  uint32_t acc = found, done = 0, result = 0;
  for (uint32_t i = 1; i <= 16 && !done; i++) {
    uint32_t x = v[i - 1];
    if (!(x & 1)) {
      acc = acc * 31 + x;
      if (acc > limit) { done = 1; result = acc ^ i; }
    }
  }
  return done ? result : acc;
}
int main(void) {
  uint32_t v[16];
  for (int t = 0; t < 24; t++) {
    for (int k = 0; k < 16; k++)
      v[k] = tb_rand32() >> (t % 4 == 0 ? 0 : 8);
    uint32_t key = (t % 3) ? v[tb_rand32() % 16] : 5;
    uint32_t limit = (t % 2) ? 0xFFFFFFFFu : tb_rand32();
    tb_check("exits", t, loop_exits(v, key, limit), model(v, key, limit));
  }
  return tb_finish("loop_exits");
}
