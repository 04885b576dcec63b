/* CFB-mode encryption written as reference code writes it: the plaintext, the ciphertext and the
 * feedback register are walked with pointers (`*dst++ = *src++ ^ *fb`), the key sits in a context
 * struct. The block cipher is a toy 64-bit ARX permutation. */
#include <stdint.h>

typedef struct {
  uint32_t k0, k1, k2, k3;
  uint32_t blocks;    /* blocks processed */
} cfb_ctx_t;

static void toy_encrypt(const cfb_ctx_t *ctx, uint8_t block[8]) {
  uint32_t l = 0, r = 0;
  const uint8_t *b = block;
  for (int i = 0; i < 4; i++) l = (l << 8) | *b++;
  for (int i = 0; i < 4; i++) r = (r << 8) | *b++;
  for (int round = 0; round < 8; round++) {
    uint32_t k = (round & 3) == 0 ? ctx->k0 : (round & 3) == 1 ? ctx->k1 : (round & 3) == 2 ? ctx->k2 : ctx->k3;
    uint32_t f = ((r << 3) | (r >> 29)) + (r ^ k) + (uint32_t)round;
    uint32_t t = l ^ f;
    l = r;
    r = t;
  }
  uint8_t *w = block;
  for (int i = 24; i >= 0; i -= 8) *w++ = (uint8_t)(l >> i);
  for (int i = 24; i >= 0; i -= 8) *w++ = (uint8_t)(r >> i);
}

/* n bytes, n a multiple of 8 here */
uint32_t cfb_walk(const uint32_t key[4], const uint8_t iv[8], const uint8_t in[64], uint8_t out[64], int n) {
  cfb_ctx_t ctx = {key[0], key[1], key[2], key[3], 0};
  uint8_t feedback[8];
  for (int i = 0; i < 8; i++) feedback[i] = iv[i];
  const uint8_t *src = in;
  uint8_t *dst = out;
  while (n > 0) {
    toy_encrypt(&ctx, feedback);
    ctx.blocks++;
    uint8_t *fb = feedback;
    for (int i = 0; i < 8; i++) {
      uint8_t c = *src++ ^ *fb;
      *fb++ = c;
      *dst++ = c;
    }
    n -= 8;
  }
  return ctx.blocks;
}
