#include "tb_check.h"
void divmod32(uint32_t a, uint32_t b, uint32_t *q, uint32_t *r);
int main(void) {
  for (int i = 0; i < 48; i++) {
    uint32_t a = tb_rand32(), b = tb_rand32() >> (tb_rand32() % 32), q, r;
    if (b == 0) b = 7;
    divmod32(a, b, &q, &r);
    tb_check("q", i, q, a / b);
    tb_check("r", i, r, a - (a / b) * b);
  }
  return tb_finish("divmod32");
}
