#include "tb_check.h"
int8_t sat_add8(int8_t a, int8_t b);
int main(void) {
  int i = 0;
  for (int a = -128; a < 128; a += 17)
    for (int b = -128; b < 128; b += 23) {
      int s = a + b;
      int e = s > 127 ? 127 : (s < -128 ? -128 : s);
      tb_check("sat_add8", i++, (uint8_t)sat_add8((int8_t)a, (int8_t)b), (uint8_t)e);
    }
  return tb_finish("sat_add8");
}
