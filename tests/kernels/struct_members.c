/* Array members of structs indexed at run time, as cipher contexts are written
 * (`ctx->rk[i]`, `ctx->iv[i & 3]`), in an array of two contexts chosen by a flag. */
#include <stdint.h>

typedef struct {
  uint32_t rk[8];
  int rounds;
  uint8_t iv[4];
} cipher_ctx_t;

static cipher_ctx_t contexts[2];

static void setup(cipher_ctx_t *ctx, const uint32_t key[8], uint32_t tweak, int rounds) {
  for (int i = 0; i < 8; i++) ctx->rk[i] = (key[i] << 1 | key[i] >> 31) ^ tweak;
  ctx->rounds = rounds;
  for (int i = 0; i < 4; i++) ctx->iv[i] = (uint8_t)(tweak >> (8 * i));
}

uint32_t struct_members(const uint32_t key[8], uint32_t tweak, int which, int rounds) {
  cipher_ctx_t *ctx = &contexts[which & 1];
  setup(ctx, key, tweak, rounds);
  uint32_t x = 0x9e3779b9u;
  for (int i = 0; i < ctx->rounds; i++) {
    x += ctx->rk[i & 7] ^ ctx->iv[i & 3];
    x = (x << 5 | x >> 27) ^ (uint32_t)i;
  }
  return x ^ contexts[0].rk[3] ^ (uint32_t)contexts[1].rounds;
}
