#include "tb_check.h"
void matmul4(const int16_t a[4][4], const int16_t b[4][4], int32_t c[4][4]);
int main(void) {
  for (int t = 0; t < 6; t++) {
    int16_t a[4][4], b[4][4];
    int32_t c[4][4];
    for (int i = 0; i < 16; i++) {
      a[i / 4][i % 4] = (int16_t)tb_rand32();
      b[i / 4][i % 4] = (int16_t)tb_rand32();
    }
    matmul4(a, b, c);
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++) {
        int64_t acc = 0;
        for (int k = 0; k < 4; k++) acc += (int64_t)a[i][k] * b[k][j];
        tb_check("matmul4", t * 16 + i * 4 + j, (uint32_t)c[i][j], (uint32_t)(int32_t)acc);
      }
  }
  return tb_finish("matmul4");
}
