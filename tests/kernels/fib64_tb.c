#include "tb_check.h"
uint64_t fib64(uint32_t n);
int main(void) {
  tb_check("fib90", 0, fib64(90), 2880067194370816120ull); /* F(90) */
  uint64_t f[130];
  f[0] = 0;
  f[1] = 1;
  for (int i = 2; i < 130; i++) f[i] = f[i - 1] + f[i - 2];
  for (int i = 0; i < 20; i++) {
    uint32_t n = tb_rand32() % 130;
    tb_check("fib64", i, fib64(n), f[n]);
  }
  return tb_finish("fib64");
}
