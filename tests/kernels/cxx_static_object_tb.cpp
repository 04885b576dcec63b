#include "tb_check.h"
uint32_t cxx_static_object(uint8_t op, uint32_t x);
static const uint32_t SEED[8] = {0x01234567, 0x89abcdef, 0x0f1e2d3c, 0x4b5a6978,
                                 0x87969584, 0xc3d2e1f0, 0x13579bdf, 0x2468ace0};
static uint32_t model_total(const uint32_t h[8]) {
  uint32_t t = 0;
  for (int i = 0; i < 8; i++) t = ((t << 3) | (t >> 29)) ^ h[i];
  return t;
}
int main(void) {
  uint32_t h[8];
  for (int i = 0; i < 8; i++) h[i] = SEED[i];   /* the constructor's values, before any call */
  for (int k = 0; k < 40; k++) {
    uint8_t op = (uint8_t)(k == 0 ? 0 : tb_rand32() % 3);   /* the first call only reads */
    uint32_t x = tb_rand32();
    if (op == 1)
      for (int i = 0; i < 8; i++) h[i] = x + (uint32_t)i;
    else if (op == 2)
      h[x & 7] += (uint32_t)(1 + 2 * ((x >> 3) & 3)) * x;
    tb_check("total", k, cxx_static_object(op, x), model_total(h));
  }
  return tb_finish("cxx_static_object");
}
