#include "tb_check.h"
void mul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi);
int main(void) {
  for (int i = 0; i < 48; i++) {
    uint64_t a = tb_rand64(), b = tb_rand64(), lo = 0, hi = 0;
    if (i == 0) a = b = ~0ull;
    unsigned __int128 p = (unsigned __int128)a * b;
    mul64(a, b, &lo, &hi);
    tb_check("lo", i, lo, (uint64_t)p);
    tb_check("hi", i, hi, (uint64_t)(p >> 64));
  }
  return tb_finish("mul64");
}
