#include "tb_check.h"
uint32_t isqrt(uint32_t x);
int main(void) {
  uint32_t edges[] = {0, 1, 2, 3, 4, 15, 16, 17, 0xffffffffu, 0xfffe0001u};
  for (int i = 0; i < 10; i++) {
    uint64_t r = 0;
    while ((r + 1) * (r + 1) <= edges[i]) r++;
    if (i < 8) tb_check("edge", i, isqrt(edges[i]), r);
  }
  tb_check("max", 0, isqrt(0xffffffffu), 65535);
  tb_check("square", 0, isqrt(0xfffe0001u), 65535);
  for (int i = 0; i < 32; i++) {
    uint32_t x = tb_rand32() >> (i % 16);
    uint64_t lo = 0, hi = 65536;
    while (hi - lo > 1) { uint64_t mid = (lo + hi) / 2; if (mid * mid <= x) lo = mid; else hi = mid; }
    tb_check("isqrt", i, isqrt(x), lo);
  }
  return tb_finish("isqrt");
}
