/* CFB mode with its state in a context struct, as reference code keeps it: the key schedule and the
 * feedback register are array members (`ctx.key[round & 3]`), the feedback register is walked with
 * `*fb++` and the block function takes pointers to the members. Toy 64-bit ARX block cipher. */
#include <stdint.h>

typedef struct {
  uint32_t key[4];
  uint8_t iv[8];      /* the feedback register */
} cfb_ctx_t;

static void toy_encrypt(const uint32_t *key, uint8_t *block) {
  uint32_t l = 0, r = 0;
  const uint8_t *b = block;
  for (int i = 0; i < 4; i++) l = (l << 8) | *b++;
  for (int i = 0; i < 4; i++) r = (r << 8) | *b++;
  for (int round = 0; round < 8; round++) {
    uint32_t t = l ^ (((r << 3) | (r >> 29)) + (r ^ key[round & 3]) + (uint32_t)round);
    l = r;
    r = t;
  }
  uint8_t *w = block;
  for (int i = 24; i >= 0; i -= 8) *w++ = (uint8_t)(l >> i);
  for (int i = 24; i >= 0; i -= 8) *w++ = (uint8_t)(r >> i);
}

void cfb_ctx(const uint32_t key[4], const uint8_t iv[8], const uint8_t in[64], uint8_t out[64], int n) {
  cfb_ctx_t ctx;
  for (int i = 0; i < 4; i++) ctx.key[i] = key[i];
  for (int i = 0; i < 8; i++) ctx.iv[i] = iv[i];
  const uint8_t *src = in;
  uint8_t *dst = out;
  while (n > 0) {
    toy_encrypt(ctx.key, ctx.iv);
    uint8_t *fb = ctx.iv;
    for (int i = 0; i < 8; i++) {
      uint8_t c = *src++ ^ *fb;
      *fb++ = c;
      *dst++ = c;
    }
    n -= 8;
  }
}
