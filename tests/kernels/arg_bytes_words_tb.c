#include "tb_check.h"
uint32_t arg_bytes_words(const uint8_t in[16], int i);
static uint32_t le32(const uint8_t *b) { return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24; }
int main(void) {
  for (int t = 0; t < 24; t++) {
    uint8_t in[16];
    for (int k = 0; k < 16; k++) in[k] = (uint8_t)tb_rand32();
    int i = (int)(tb_rand32() % 7);
    uint32_t x = 0;
    for (int k = 0; k < 4; k++) x ^= le32(&in[4 * k]) << k;
    tb_check("ret", t, arg_bytes_words(in, i), x + le32(&in[4 * (i & 3)]));
  }
  return tb_finish("arg_bytes_words");
}
