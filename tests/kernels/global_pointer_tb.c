#include "tb_check.h"
int32_t global_pointer(int32_t x, uint32_t steps);
int main(void) {
  int32_t t[4] = {1, 2, 3, 4};
  uint32_t pos = 1;
  for (int k = 0; k < 12; k++) {          /* the kernel's globals persist from call to call */
    int32_t x = (int32_t)(tb_rand32() % 7) - 3;
    uint32_t steps = tb_rand32() % 9;
    for (uint32_t i = 0; i < steps; i++) {
      t[pos] += x;
      pos = pos == 3 ? 0 : pos + 1;
    }
    int32_t expect = t[0] * 1000000 + t[1] * 10000 + t[2] * 100 + t[3] + (int32_t)pos;
    tb_check("ret", k, (uint32_t)global_pointer(x, steps), (uint32_t)expect);
  }
  return tb_finish("global_pointer");
}
