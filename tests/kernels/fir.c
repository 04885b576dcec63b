#include <stdint.h>
/* 8-tap FIR filter with constant coefficients in a ROM. */
static const int16_t COEFF[8] = {3, -7, 12, 25, 25, 12, -7, 3};

void fir(const int16_t x[32], int32_t y[32]) {
  for (int n = 0; n < 32; n++) {
    int32_t acc = 0;
    for (int k = 0; k < 8; k++)
      if (n - k >= 0) acc += COEFF[k] * x[n - k];
    y[n] = acc;
  }
}
