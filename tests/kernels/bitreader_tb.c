#include "tb_check.h"
uint32_t bitreader(const uint8_t in[32], uint32_t widths_out[8]);
static uint32_t get_bits(const uint8_t *b, int pos, int n) { /* by absolute bit position */
  uint32_t v = 0;
  for (int i = 0; i < n; i++, pos++) v = (v << 1) | ((b[pos >> 3] >> (7 - (pos & 7))) & 1);
  return v;
}
int main(void) {
  for (int t = 0; t < 20; t++) {
    uint8_t in[32];
    uint32_t out[8] = {0};
    for (int i = 0; i < 32; i++) in[i] = (uint8_t)tb_rand32();
    uint32_t k = get_bits(in, 0, 3), sum = 0;
    for (uint32_t i = 0; i < k; i++) sum += get_bits(in, 3 + 5 * i, 5);
    uint32_t expect = (sum << 12) | get_bits(in, 3 + 5 * k, 12);
    tb_check("ret", t, bitreader(in, out), expect);
    for (uint32_t i = 0; i < k; i++) tb_check("field", 8 * t + i, out[i], get_bits(in, 3 + 5 * i, 5));
  }
  return tb_finish("bitreader");
}
