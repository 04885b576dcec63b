#include "tb_check.h"
uint32_t steer_reader(int use_in, const uint8_t in[8]);
int main(void) {
  for (int k = 0; k < 10; k++) {
    uint8_t in[8], local[8];
    int use_in = k & 1;
    for (int i = 0; i < 8; i++) in[i] = (uint8_t)tb_rand32();
    for (int i = 0; i < 8; i++) local[i] = (uint8_t)(in[7 - i] * 37 + 1);
    uint32_t acc = 0;
    for (int i = 0; i < 8; i++) acc = acc * 33 + (use_in ? in[i] : local[i]);
    tb_check("ret", k, steer_reader(use_in, in), acc);
  }
  return tb_finish("steer_reader");
}
