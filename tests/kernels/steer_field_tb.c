#include "tb_check.h"
int32_t steer_field(int32_t a[4], uint32_t sel);
int main(void) {
  uint8_t tag = 1;
  int32_t count = 5;
  uint16_t w = 9;
  for (uint32_t call = 0; call < 10; call++) {
    int32_t a[4], b[4], acc = 0;
    uint32_t sel = (call * 5 + 3) & 15;
    for (int i = 0; i < 4; i++) a[i] = b[i] = (int32_t)tb_rand32() >> 4;
    for (int k = 0; k < 4; k++) {
      int32_t *p = (sel >> k) & 1 ? &b[k] : &count;
      *p += k + 1;
      tag += (uint8_t)*p;
      w ^= (uint16_t)(k * 7);
      acc = acc * 3 + *p + tag + w;
    }
    tb_check("ret", call, steer_field(a, sel), acc);
    for (int i = 0; i < 4; i++) tb_check("a", 4 * call + i, a[i], b[i]);
  }
  return tb_finish("steer_field");
}
