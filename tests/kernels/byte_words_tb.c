#include "tb_check.h"
uint32_t byte_words(const uint8_t in[16], uint8_t out[16]);
static uint32_t le32(const uint8_t *b) { return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24; }
int main(void) {
  for (int t = 0; t < 16; t++) {
    uint8_t in[16], out[16], blk[16];
    for (int i = 0; i < 16; i++) blk[i] = in[i] = (uint8_t)tb_rand32();
    uint32_t w[4];
    for (int i = 0; i < 4; i++) w[i] = le32(&in[4 * i]);
    for (int i = 0; i < 4; i++) {
      uint32_t v = ((w[i] << 7) | (w[i] >> 25)) ^ w[(i + 1) & 3];
      for (int b = 0; b < 4; b++) blk[4 * ((i + 2) & 3) + b] = (uint8_t)(v >> (8 * b));
    }
    tb_check("ret", t, byte_words(in, out), w[3] ^ (w[2] << 1));
    for (int i = 0; i < 16; i++) tb_check("out", 16 * t + i, out[i], blk[i]);
  }
  return tb_finish("byte_words");
}
