#include <stdint.h>
/* 4x4 signed matrix product: 2-D array arguments and a triple loop. */
void matmul4(const int16_t a[4][4], const int16_t b[4][4], int32_t c[4][4]) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      int32_t acc = 0;
      for (int k = 0; k < 4; k++) acc += (int32_t)a[i][k] * b[k][j];
      c[i][j] = acc;
    }
}
