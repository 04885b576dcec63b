#include "tb_check.h"
int32_t sdiv16(int16_t a, int16_t b);
int main(void) {
  for (int i = 0; i < 48; i++) {
    int16_t a = (int16_t)tb_rand32(), b = (int16_t)((int32_t)tb_rand32() >> (20 + i % 10));
    if (b == 0 || (a == -32768 && b == -1)) b = -3;
    int32_t aa = a, bb = b;
    int32_t q = (aa < 0) == (bb < 0) ? (aa < 0 ? -aa : aa) / (bb < 0 ? -bb : bb)
                                     : -((aa < 0 ? -aa : aa) / (bb < 0 ? -bb : bb));
    int32_t r = aa - q * bb;
    tb_check("sdiv16", i, (uint32_t)sdiv16(a, b), (uint32_t)(((uint32_t)(uint16_t)q << 16) | (uint16_t)r));
  }
  return tb_finish("sdiv16");
}
