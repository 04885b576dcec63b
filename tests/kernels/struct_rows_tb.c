#include "tb_check.h"
uint32_t struct_rows(const uint32_t init[36], uint32_t x);
int main(void) {
  for (int k = 0; k < 8; k++) {
    uint32_t init[36], x = tb_rand32();
    for (int i = 0; i < 36; i++) init[i] = tb_rand32();
    uint32_t acc = 0;
    for (int r = 0; r < 4; r++) {
      acc ^= init[r];
      acc += init[4 + ((acc ^ x) & 15)] ^ init[20 + ((acc >> 4) & 15)];
    }
    tb_check("ret", k, struct_rows(init, x), acc);
  }
  return tb_finish("struct_rows");
}
