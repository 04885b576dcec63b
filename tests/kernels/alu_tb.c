#include "tb_check.h"
int32_t alu(uint8_t op, int32_t a, int32_t b);
int main(void) {
  for (int i = 0; i < 80; i++) {
    uint8_t op = (uint8_t)(i % 11);
    int32_t a = (int32_t)tb_rand32(), b = (int32_t)tb_rand32();
    int64_t e;
    uint32_t ua = (uint32_t)a;
    int sh = b & 31;
    if (op == 0) e = (int32_t)(ua + (uint32_t)b);
    else if (op == 1) e = (int32_t)(ua - (uint32_t)b);
    else if (op == 2) e = a & b;
    else if (op == 3) e = a | b;
    else if (op == 4) e = a ^ b;
    else if (op == 5) { uint32_t v = ua; for (int k = 0; k < sh; k++) v *= 2; e = (int32_t)v; }
    else if (op == 6) { int64_t v = a; for (int k = 0; k < sh; k++) v = (v - (v & 1)) / 2; e = v; }
    else if (op == 7) e = a < b;
    else if (op == 9) e = (int32_t)(ua * (uint32_t)b);
    else e = -1;
    tb_check("alu", i, (uint32_t)alu(op, a, b), (uint32_t)(int32_t)e);
  }
  return tb_finish("alu");
}
