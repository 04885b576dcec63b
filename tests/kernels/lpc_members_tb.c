#include "tb_check.h"
void lpc_members(const int16_t coefs[8], const int16_t in[32], int32_t out[32], int32_t energy[2]);
int main(void) {
  for (int t = 0; t < 8; t++) {
    int16_t coefs[8], in[32], hist[2][4] = {{0}};
    int32_t out[32], energy[2], expect[32], esum[2] = {0, 0};
    for (int i = 0; i < 8; i++) coefs[i] = (int16_t)(tb_rand32() % 512) - 256;
    for (int i = 0; i < 32; i++) in[i] = (int16_t)tb_rand32();
    for (int n = 0; n < 16; n++)
      for (int c = 0; c < 2; c++) {
        int32_t pred = 0;
        for (int i = 0; i < 4; i++) pred += coefs[4 * c + i] * hist[c][i];
        int32_t e = in[2 * n + c] - (pred >> 8);
        for (int i = 3; i > 0; i--) hist[c][i] = hist[c][i - 1];
        hist[c][0] = in[2 * n + c];
        esum[c] += e < 0 ? -e : e;
        expect[2 * n + c] = e;
      }
    lpc_members(coefs, in, out, energy);
    for (int i = 0; i < 32; i++) tb_check("out", 32 * t + i, (uint32_t)out[i], (uint32_t)expect[i]);
    for (int c = 0; c < 2; c++) tb_check("energy", 2 * t + c, (uint32_t)energy[c], (uint32_t)esum[c]);
  }
  return tb_finish("lpc_members");
}
