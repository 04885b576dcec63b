/* HEADROOM VARIANT (directives): tests/perf/sha.c unchanged but for directives: PIPELINE II=1 on the
 * loops of the block transform and W[] split in two banks (cyclic 2). Same testbench
 * (tests/perf/sha_tb.c), same top. report.txt says which PIPELINE directives the compiler ignored
 * ("its exit block has phis") and why the round loops stay at II=2 (recurrence through 'a'). */
/* SHA-1 (FIPS 180-4 section 6.1) of a message of up to 16384 bytes, the shape of CHStone's sha
 * benchmark (256 blocks of 512 bits per call) but our own code, written as C library code is: a
 * context struct, sha_init / sha_update / sha_final, a block transform with an 80-word schedule,
 * the padding cleared with a loop (memset of a
 * run-time length is refused: tests/perf/findings/memset_runtime_len.c). No HLS directives. */
#include <stdint.h>

#define SHA_MAX_BYTES 16384

typedef struct {
  uint32_t h[5];
  uint32_t count_lo, count_hi; /* message length in bits */
  uint8_t block[64];
  int used;                    /* bytes waiting in block[] */
} sha_ctx_t;

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static void sha_transform(sha_ctx_t *ctx, const uint8_t *p) {
  uint32_t W[80];
#pragma HLS ARRAY_PARTITION variable=W cyclic factor=2 dim=1
  int t;
  for (t = 0; t < 16; t++, p += 4) {
#pragma HLS PIPELINE II=1
    W[t] = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
  }
  for (t = 16; t < 80; t++) {
#pragma HLS PIPELINE II=1
    W[t] = ROL(W[t - 3] ^ W[t - 8] ^ W[t - 14] ^ W[t - 16], 1);
  }
  uint32_t a = ctx->h[0], b = ctx->h[1], c = ctx->h[2], d = ctx->h[3], e = ctx->h[4], tmp;
  for (t = 0; t < 20; t++) {
#pragma HLS PIPELINE II=1
    tmp = ROL(a, 5) + ((b & c) | (~b & d)) + e + W[t] + 0x5a827999u;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  for (t = 20; t < 40; t++) {
#pragma HLS PIPELINE II=1
    tmp = ROL(a, 5) + (b ^ c ^ d) + e + W[t] + 0x6ed9eba1u;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  for (t = 40; t < 60; t++) {
#pragma HLS PIPELINE II=1
    tmp = ROL(a, 5) + ((b & c) | (b & d) | (c & d)) + e + W[t] + 0x8f1bbcdcu;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  for (t = 60; t < 80; t++) {
#pragma HLS PIPELINE II=1
    tmp = ROL(a, 5) + (b ^ c ^ d) + e + W[t] + 0xca62c1d6u;
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
