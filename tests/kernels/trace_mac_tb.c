#include "tb_check.h"
uint32_t trace_mac(const uint16_t a[8], const uint16_t b[8]);
int main(void) {
  for (int t = 0; t < 20; t++) {
    uint16_t a[8], b[8];
    uint32_t acc = 0;
    for (int i = 0; i < 8; i++) {
      a[i] = (uint16_t)tb_rand32();
      b[i] = (uint16_t)tb_rand32();
      acc += (uint32_t)a[i] * b[i];
    }
    tb_check("trace_mac", t, trace_mac(a, b), acc ^ (acc >> 16));
  }
  return tb_finish("trace_mac");
}
