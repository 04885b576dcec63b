#include "tb_check.h"
void fir(const int16_t x[32], int32_t y[32]);
int main(void) {
  const int c[8] = {3, -7, 12, 25, 25, 12, -7, 3};
  for (int t = 0; t < 3; t++) {
    int16_t x[32];
    int32_t y[32];
    for (int i = 0; i < 32; i++) x[i] = (int16_t)tb_rand32();
    fir(x, y);
    for (int n = 0; n < 32; n++) {
      int64_t acc = 0;
      for (int k = 0; k <= n && k < 8; k++) acc += (int64_t)c[k] * x[n - k];
      tb_check("fir", t * 32 + n, (uint32_t)y[n], (uint32_t)(int32_t)acc);
    }
  }
  return tb_finish("fir");
}
