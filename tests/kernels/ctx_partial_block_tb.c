#include "tb_check.h"
uint32_t ctx_partial_block(const uint8_t key[16], const uint8_t in[32], uint8_t out[32], int n, int dec);
/* the same computation on plain arrays, no context struct */
static void ref_mix(uint8_t *x, const uint8_t *y, int n) {
  for (int i = 0; i < n; i++)
    x[i] = (uint8_t)((x[i] ^ y[i]) + i);
}
static void ref_encrypt(uint8_t b[16], const uint32_t rk[8]) {
  for (int i = 0; i < 16; i++)
    b[i] = (uint8_t)((b[i] ^ (uint8_t)(rk[i / 2] >> 4 * (i % 2))) * 5 + 1);
}
int main(void) {
  for (int t = 0; t < 40; t++) {
    uint8_t key[16], in[32], out[32], want[32], es[16], ts[16];
    uint32_t rk[8];
    for (int k = 0; k < 16; k++) key[k] = (uint8_t)tb_rand32();
    for (int k = 0; k < 32; k++) in[k] = (uint8_t)tb_rand32();
    for (int k = 0; k < 32; k++) out[k] = want[k] = (uint8_t)k;
    int n = (int)(tb_rand32() % 17), dec = t & 1;
    for (int i = 0; i < 8; i++) rk[i] = (uint32_t)key[2 * i] | (uint32_t)key[2 * i + 1] << 8;
    for (int i = 0; i < 16; i++) es[i] = key[i], ts[i] = 0x3C;
    ref_encrypt(es, rk);
    ref_mix(es, in, 16);
    for (int i = 0; i < 16; i++) want[i] = es[i];
    ref_encrypt(es, rk);
    if (dec) {
      for (int i = 0; i < n; i++) es[i] = in[16 + i];
    } else {
      ref_mix(es, in + 16, n);
      for (int i = 0; i < n; i++) want[16 + i] = es[i];
    }
    for (int i = 0; i < (n > 13 ? 13 : n); i++) ts[3 + i] = es[1 + i];
    ref_mix(ts, es, n);
    ref_encrypt(ts, rk);
    uint32_t x = 0;
    for (int i = 0; i < 16; i++) x = x * 31 + ts[i] + 7u * es[i];
    tb_check("ret", t, ctx_partial_block(key, in, out, n, dec), x);
    for (int k = 0; k < 32; k++) tb_check("out", 32 * t + k, out[k], want[k]);
  }
  return tb_finish("ctx_partial_block");
}
