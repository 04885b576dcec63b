#include "tb_check.h"
uint32_t arg_word_bytes(uint32_t w[4], uint32_t o[2], uint32_t z[2], const uint8_t in[16], int n, int h);
static void put_byte(uint32_t *e, int i, uint8_t b) {   /* little-endian: byte i is in word i / 4 */
  e[i / 4] = (e[i / 4] & ~(0xFFu << 8 * (i % 4))) | (uint32_t)b << 8 * (i % 4);
}
int main(void) {
  for (int t = 0; t < 40; t++) {
    uint32_t w[4], e[4], o[2], eo[2];
    uint32_t z[2], ez[2];
    uint8_t in[16];
    for (int k = 0; k < 4; k++) w[k] = e[k] = tb_rand32();
    for (int k = 0; k < 2; k++) o[k] = eo[k] = tb_rand32();
    for (int k = 0; k < 2; k++) z[k] = ez[k] = tb_rand32();
    for (int k = 0; k < 16; k++) in[k] = (uint8_t)tb_rand32();
    int n = (int)(tb_rand32() % 17), h = (int)(tb_rand32() % 8);
    for (int i = 0; i < n; i++) put_byte(e, i, in[i]);
    e[h / 2] ^= 0xA5C3u << 16 * (h % 2);
    for (int i = 0; i < n / 2; i++) put_byte(eo, i, in[15 - i]);
    put_byte(ez, 1, 0x77);
    put_byte(ez, 2, 0x77);
    put_byte(ez, 6, in[0]);
    uint32_t x = 0;
    for (int i = 0; i < 16; i += 3)
      x = x * 33 + (uint8_t)(e[i / 4] >> 8 * (i % 4));
    tb_check("ret", t, arg_word_bytes(w, o, z, in, n, h), x);
    for (int k = 0; k < 4; k++) tb_check("w", 4 * t + k, w[k], e[k]);
    for (int k = 0; k < 2; k++) tb_check("o", 2 * t + k, o[k], eo[k]);
    for (int k = 0; k < 2; k++) tb_check("z", 2 * t + k, z[k], ez[k]);
  }
  return tb_finish("arg_word_bytes");
}
