#include "tb_check.h"
uint32_t table_select(uint32_t x, int inverse, const uint32_t words[4], uint32_t out[4]);
static const uint8_t A[16] = {12, 5, 6, 11, 9, 0, 10, 13, 3, 14, 15, 8, 4, 7, 1, 2};
static const uint8_t B[16] = {5, 14, 15, 8, 12, 1, 2, 13, 11, 4, 6, 3, 0, 7, 9, 10};
static uint32_t sub(const uint8_t t[16], uint32_t x) {
  uint32_t y = 0;
  for (int i = 0; i < 32; i += 4) y |= (uint32_t)t[(x >> i) & 15] << i;
  return y;
}
int main(void) {
  for (int k = 0; k < 24; k++) {
    uint32_t x = tb_rand32(), w[4], out[4];
    int inv = k & 1;
    for (int i = 0; i < 4; i++) w[i] = tb_rand32();
    const uint8_t *t = inv ? B : A;
    uint32_t acc = sub(t, x), expect[4];
    for (int i = 0; i < 4; i++) expect[i] = acc = sub(t, acc ^ w[i]);
    tb_check("ret", k, table_select(x, inv, w, out), acc);
    for (int i = 0; i < 4; i++) tb_check("out", 4 * k + i, out[i], expect[i]);
  }
  return tb_finish("table_select");
}
