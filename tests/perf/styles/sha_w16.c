/* SHA-1 (FIPS 180-4 section 6.1, with the alternative 16-word schedule of section 6.1.3) of a message
 * of up to 16384 bytes. SECOND STYLE of tests/perf/sha.c, no directives: one round loop with the
 * schedule in a circular W[16]; otherwise the same code (context struct, sha_init / sha_update /
 * sha_final, padding cleared with a loop). Our own code; same testbench. */
#include <stdint.h>

#define SHA_MAX_BYTES 16384

typedef struct {
  uint32_t h[5];
  uint32_t count_lo, count_hi; /* message length in bits */
  uint8_t block[64];
  int used;                    /* bytes waiting in block[] */
} sha_ctx_t;

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* the message schedule kept in a 16-word circular buffer, computed inside the rounds */
static void sha_transform(sha_ctx_t *ctx, const uint8_t *p) {
  uint32_t W[16];
  int t;
  for (t = 0; t < 16; t++, p += 4)
    W[t] = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
  uint32_t a = ctx->h[0], b = ctx->h[1], c = ctx->h[2], d = ctx->h[3], e = ctx->h[4], tmp;
  for (t = 0; t < 80; t++) {
    uint32_t w, f, k;
    if (t < 16) {
      w = W[t];
    } else {
      w = ROL(W[(t + 13) & 15] ^ W[(t + 8) & 15] ^ W[(t + 2) & 15] ^ W[t & 15], 1);
      W[t & 15] = w;
    }
    if (t < 20) { f = (b & c) | (~b & d); k = 0x5a827999u; }
    else if (t < 40) { f = b ^ c ^ d; k = 0x6ed9eba1u; }
    else if (t < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8f1bbcdcu; }
    else { f = b ^ c ^ d; k = 0xca62c1d6u; }
    tmp = ROL(a, 5) + f + e + w + k;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  ctx->h[0] += a; ctx->h[1] += b; ctx->h[2] += c; ctx->h[3] += d; ctx->h[4] += e;
}

static void sha_init(sha_ctx_t *ctx) {
  ctx->h[0] = 0x67452301u;
  ctx->h[1] = 0xefcdab89u;
  ctx->h[2] = 0x98badcfeu;
  ctx->h[3] = 0x10325476u;
  ctx->h[4] = 0xc3d2e1f0u;
  ctx->count_lo = ctx->count_hi = 0;
  ctx->used = 0;
}

static void sha_update(sha_ctx_t *ctx, const uint8_t *buf, int len) {
  uint32_t bits = (uint32_t)len << 3;
  if ((ctx->count_lo += bits) < bits) ctx->count_hi++;
  ctx->count_hi += (uint32_t)len >> 29;
  while (ctx->used > 0 && len > 0) { /* top up a partial block */
    ctx->block[ctx->used++] = *buf++;
    len--;
    if (ctx->used == 64) {
      sha_transform(ctx, ctx->block);
      ctx->used = 0;
    }
  }
  while (len >= 64) { /* whole blocks straight from the caller's buffer */
    sha_transform(ctx, buf);
    buf += 64;
    len -= 64;
  }
  while (len-- > 0) ctx->block[ctx->used++] = *buf++;
}

static void sha_final(sha_ctx_t *ctx, uint32_t digest[5]) {
  uint32_t lo = ctx->count_lo, hi = ctx->count_hi;
  ctx->block[ctx->used++] = 0x80;
  if (ctx->used > 56) {
    while (ctx->used < 64) ctx->block[ctx->used++] = 0; /* memset of a run-time length is refused */
    sha_transform(ctx, ctx->block);
    ctx->used = 0;
  }
  while (ctx->used < 56) ctx->block[ctx->used++] = 0;
  for (int i = 0; i < 4; i++) {
    ctx->block[56 + i] = (uint8_t)(hi >> (24 - 8 * i));
    ctx->block[60 + i] = (uint8_t)(lo >> (24 - 8 * i));
  }
  sha_transform(ctx, ctx->block);
  for (int i = 0; i < 5; i++) digest[i] = ctx->h[i];
}

void sha(const uint8_t data[SHA_MAX_BYTES], int len, uint32_t digest[5]) {
  sha_ctx_t ctx;
  sha_init(&ctx);
  sha_update(&ctx, data, len);
  sha_final(&ctx, digest);
}
