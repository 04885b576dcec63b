#include "tb_check.h"
uint32_t gcd(uint32_t a, uint32_t b);
static uint32_t gcd_sub(uint32_t a, uint32_t b) { /* by subtraction: independent of the kernel */
  if (a == 0) return b;
  if (b == 0) return a;
  while (a != b) {
    if (a > b) a -= b; else b -= a;
  }
  return a;
}
int main(void) {
  tb_check("gcd0", 0, gcd(0, 5), 5);
  tb_check("gcd1", 0, gcd(48, 18), 6);
  for (int i = 0; i < 32; i++) {
    uint32_t f = (tb_rand32() % 97) + 1;
    uint32_t a = (tb_rand32() % 5000 + 1) * f, b = (tb_rand32() % 5000 + 1) * f;
    tb_check("gcd", i, gcd(a, b), gcd_sub(a, b));
  }
  return tb_finish("gcd");
}
