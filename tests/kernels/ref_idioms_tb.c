#include <string.h>
#include "tb_check.h"
uint64_t ref_idioms(uint8_t d[16], uint8_t e[16], const uint8_t tag[16], const uint8_t c[32], const uint64_t s[2],
                    const uint32_t w[4], int n, int i, int j);
static const uint8_t T[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
static uint64_t le(const uint8_t *b, int bytes) {   /* little-endian, as the native compiler reads memory */
  uint64_t v = 0;
  for (int k = bytes - 1; k >= 0; k--) v = v << 8 | b[k];
  return v;
}
int main(void) {
  for (int t = 0; t < 40; t++) {
    uint8_t d[16], e[16], ed[16], ee[16], tag[16], c[32], sb[16], wb[16];
    uint64_t s[2];
    uint32_t w[4];
    for (int k = 0; k < 16; k++) { d[k] = ed[k] = (uint8_t)tb_rand32(); e[k] = ee[k] = (uint8_t)tb_rand32(); }
    for (int k = 0; k < 32; k++) c[k] = (uint8_t)tb_rand32();
    for (int k = 0; k < 16; k++) tag[k] = (t & 1) ? c[16 + k] : (uint8_t)tb_rand32();
    for (int k = 0; k < 16; k++) { sb[k] = (uint8_t)tb_rand32(); wb[k] = (uint8_t)tb_rand32(); }
    for (int k = 0; k < 2; k++) s[k] = le(sb + 8 * k, 8);
    for (int k = 0; k < 4; k++) w[k] = (uint32_t)le(wb + 4 * k, 4);
    int n = (int)(tb_rand32() % 32), i = (int)(tb_rand32() % 64), j = (int)(tb_rand32() % 64);
    /* the expected values, byte by byte */
    int same = 1;
    for (int k = 0; k < 16; k++) same &= tag[k] == c[16 + k];
    uint64_t r = !same;
    for (int k = 0; k < (n & 7); k++) ed[k] = T[2 + k];
    for (int k = 0; k < (n & 15); k++) ee[1 + k] = c[k];
    uint8_t lb[32];
    for (int k = 0; k < 32; k++) lb[k] = k % 8 == 0 ? (uint8_t)(k / 8 + 1) : 0;
    for (int k = 0; k < (n & 15); k++) lb[3 + k] = 0xA5;
    r = r * 31 + le(lb + 8 * (i & 3), 8) + le(lb + 8 * ((i + 1) & 3), 8);
    r = r * 31 + sb[9] + le(sb + 6, 2);
    r = r * 31 + le(wb + 8 * (j & 1), 8);
    uint8_t ub[16];
    for (int k = 0; k < 16; k++) ub[k] = c[k];
    ub[i & 15] ^= 0xFF;
    r = r * 31 + le(ub + 4 * (j & 3), 4);
    tb_check("ret", t, ref_idioms(d, e, tag, c, s, w, n, i, j), r);
    for (int k = 0; k < 16; k++) { tb_check("d", 16 * t + k, d[k], ed[k]); tb_check("e", 16 * t + k, e[k], ee[k]); }
  }
  return tb_finish("ref_idioms");
}
