#include "tb_check.h"
uint16_t cxx_global_object(uint8_t x);
int main(void) {
  uint16_t v[16], steps = 3;
  for (int i = 0; i < 16; i++) v[i] = (uint16_t)(i * 0x1111 + 7);
  for (int k = 0; k < 40; k++) {
    uint8_t x = (uint8_t)tb_rand32();
    v[x & 15] = (uint16_t)(v[x & 15] + x + steps);
    steps++;
    tb_check("step", k, cxx_global_object(x), (uint16_t)(v[x & 15] ^ v[(x >> 4) & 15]));
  }
  return tb_finish("cxx_global_object");
}
