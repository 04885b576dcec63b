#include "tb_check.h"
void cfb_ctx(const uint32_t key[4], const uint8_t iv[8], const uint8_t in[64], uint8_t out[64], int n);
static void toy(const uint32_t k[4], uint8_t blk[8]) { /* indices, not pointers */
  uint32_t l = ((uint32_t)blk[0] << 24) | (blk[1] << 16) | (blk[2] << 8) | blk[3];
  uint32_t r = ((uint32_t)blk[4] << 24) | (blk[5] << 16) | (blk[6] << 8) | blk[7];
  for (int i = 0; i < 8; i++) {
    uint32_t t = l ^ ((((r << 3) | (r >> 29)) + (r ^ k[i % 4]) + (uint32_t)i));
    l = r;
    r = t;
  }
  for (int i = 0; i < 4; i++) blk[i] = (uint8_t)(l >> (24 - 8 * i)), blk[4 + i] = (uint8_t)(r >> (24 - 8 * i));
}
int main(void) {
  for (int t = 0; t < 6; t++) {
    uint32_t key[4];
    uint8_t iv[8], in[64], out[64], fb[8], expect[64];
    for (int i = 0; i < 4; i++) key[i] = tb_rand32();
    for (int i = 0; i < 8; i++) fb[i] = iv[i] = (uint8_t)tb_rand32();
    for (int i = 0; i < 64; i++) in[i] = (uint8_t)tb_rand32(), out[i] = 0, expect[i] = 0;
    int n = 8 * (1 + t % 8);
    for (int b = 0; b < n; b += 8) {
      toy(key, fb);
      for (int i = 0; i < 8; i++) fb[i] = expect[b + i] = in[b + i] ^ fb[i];
    }
    cfb_ctx(key, iv, in, out, n);
    for (int i = 0; i < 64; i++) tb_check("out", 64 * t + i, out[i], expect[i]);
  }
  return tb_finish("cfb_ctx");
}
