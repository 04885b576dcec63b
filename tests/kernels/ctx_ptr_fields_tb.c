#include "tb_check.h"
uint32_t ctx_ptr_fields(const uint8_t key[16], const uint8_t in[16], uint8_t out[16], int n);
/* the same computation on plain arrays, no context struct */
static void ref_encrypt(uint8_t b[16], const uint32_t rk[12]) {
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < 16; i++)
      b[i] = (uint8_t)((b[i] ^ (uint8_t)(rk[4 * r + i / 4] >> 8 * (i % 4))) * 5 + 1);
}
int main(void) {
  for (int t = 0; t < 30; t++) {
    uint8_t key[16], in[16], out[16], es[16], ts[16], tag[16];
    uint32_t rk[12];
    for (int k = 0; k < 16; k++) key[k] = (uint8_t)tb_rand32();
    for (int k = 0; k < 16; k++) in[k] = (uint8_t)tb_rand32();
    int n = (int)(tb_rand32() % 17);
    for (int i = 0; i < 4; i++) rk[i] = (uint32_t)key[2 * i] | (uint32_t)key[2 * i + 1] << 8;
    for (int r = 0; r < 2; r++) {
      uint32_t *w = rk + 4 * r;
      w[4] = w[0] ^ (w[3] << 3 | w[3] >> 29) ^ (uint32_t)(r + 1);
      w[5] = w[1] ^ w[4];
      w[6] = w[2] ^ w[5];
      w[7] = w[3] ^ w[6];
    }
    for (int i = 0; i < 16; i++) es[i] = (uint8_t)((in[i] ^ key[i]) + i);
    ref_encrypt(es, rk);
    for (int i = 0; i < 16; i++) ts[i] = 0x5A;
    for (int i = 0; i < n; i++) ts[i] = (uint8_t)((ts[i] ^ es[i]) + i);
    uint32_t w[4];
    for (int j = 0; j < 4; j++)          /* little-endian words of ts */
      w[j] = (uint32_t)ts[4 * j] | (uint32_t)ts[4 * j + 1] << 8 | (uint32_t)ts[4 * j + 2] << 16 | (uint32_t)ts[4 * j + 3] << 24;
    w[1] ^= w[3] + w[0];
    for (int i = 0; i < 4; i++) ts[4 + i] = (uint8_t)(w[1] >> 8 * i);
    for (int i = 0; i < 16; i++) tag[i] = (uint8_t)((ts[i] ^ in[i]) + i);
    ref_encrypt(tag, rk);
    uint32_t x = 0;
    for (int i = 0; i < 16; i++) x = x * 31 + tag[i];
    tb_check("ret", t, ctx_ptr_fields(key, in, out, n), x);
    for (int k = 0; k < 16; k++) tb_check("out", 16 * t + k, out[k], es[k]);
  }
  return tb_finish("ctx_ptr_fields");
}
