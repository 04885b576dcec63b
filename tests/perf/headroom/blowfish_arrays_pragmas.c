/* HEADROOM VARIANT (a rewrite AND directives): tests/perf/blowfish.c with the key held in five
 * separate local arrays (P, S0..S3) instead of one struct, because the compiler makes a local
 * struct with array members one memory (until branch ptr-steer; now tests/kernels/struct_rows.c). Same
 * testbench (tests/perf/blowfish_tb.c), same top. PLUS ONE DIRECTIVE: P partitioned into
 * registers, so a round no longer waits a cycle for P[i] before its S-box reads. */
#include <stdint.h>
#include "../blowfish_pi.h"

#define BF_ROUNDS 16
#define BF_MAX_BYTES 5200

static uint32_t bf_f(const uint32_t *S0, const uint32_t *S1, const uint32_t *S2, const uint32_t *S3, uint32_t x) {
  return ((S0[x >> 24] + S1[(x >> 16) & 0xff]) ^ S2[(x >> 8) & 0xff]) + S3[x & 0xff];
}

static void bf_encrypt(const uint32_t *P, const uint32_t *S0, const uint32_t *S1, const uint32_t *S2,
                       const uint32_t *S3, uint32_t *data) {
  uint32_t l = data[0], r = data[1], t;
  for (int i = 0; i < BF_ROUNDS; i++) {
    l ^= P[i];
    r ^= bf_f(S0, S1, S2, S3, l);
    t = l; l = r; r = t;
  }
  t = l; l = r; r = t;
  r ^= P[16];
  l ^= P[17];
  data[0] = l;
  data[1] = r;
}

static void fill_box(const uint32_t *P, const uint32_t *S0, const uint32_t *S1, const uint32_t *S2,
                     const uint32_t *S3, uint32_t *box, uint32_t *data) {
  for (int j = 0; j < 256; j += 2) {
    bf_encrypt(P, S0, S1, S2, S3, data);
    box[j] = data[0];
    box[j + 1] = data[1];
  }
}

void blowfish(const uint8_t key[56], int keylen, const uint8_t iv[8], const uint8_t in[BF_MAX_BYTES],
              uint8_t out[BF_MAX_BYTES], int n) {
  uint32_t P[BF_ROUNDS + 2], S0[256], S1[256], S2[256], S3[256];
#pragma HLS ARRAY_PARTITION variable=P complete dim=1
  int i, j;
  for (i = 0; i < BF_ROUNDS + 2; i++) P[i] = BF_PI_P[i];
  for (j = 0; j < 256; j++) {
    S0[j] = BF_PI_S[j];
    S1[j] = BF_PI_S[256 + j];
    S2[j] = BF_PI_S[512 + j];
    S3[j] = BF_PI_S[768 + j];
  }
  const uint8_t *kp = key, *end = key + keylen;
  for (i = 0; i < BF_ROUNDS + 2; i++) {
    uint32_t ri = 0;
    for (j = 0; j < 4; j++) {
      ri = (ri << 8) | *kp++;
      if (kp >= end) kp = key;
    }
    P[i] ^= ri;
  }
  uint32_t data[2] = {0, 0};
  for (i = 0; i < BF_ROUNDS + 2; i += 2) {
    bf_encrypt(P, S0, S1, S2, S3, data);
    P[i] = data[0];
    P[i + 1] = data[1];
  }
  fill_box(P, S0, S1, S2, S3, S0, data);
  fill_box(P, S0, S1, S2, S3, S1, data);
  fill_box(P, S0, S1, S2, S3, S2, data);
  fill_box(P, S0, S1, S2, S3, S3, data);
  uint8_t ivec[8];
  for (i = 0; i < 8; i++) ivec[i] = iv[i];
  const uint8_t *src = in;
  uint8_t *dst = out;
  int num = 0;
  while (n-- > 0) {
    if (num == 0) {
      data[0] = ((uint32_t)ivec[0] << 24) | ((uint32_t)ivec[1] << 16) | ((uint32_t)ivec[2] << 8) | ivec[3];
      data[1] = ((uint32_t)ivec[4] << 24) | ((uint32_t)ivec[5] << 16) | ((uint32_t)ivec[6] << 8) | ivec[7];
      bf_encrypt(P, S0, S1, S2, S3, data);
      uint8_t *w = ivec;
      for (int s = 24; s >= 0; s -= 8) *w++ = (uint8_t)(data[0] >> s);
      for (int s = 24; s >= 0; s -= 8) *w++ = (uint8_t)(data[1] >> s);
    }
    uint8_t c = *src++ ^ ivec[num];
    *dst++ = c;
    ivec[num] = c;
    num = (num + 1) & 7;
  }
}
