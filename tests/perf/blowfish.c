/* Blowfish (Schneier, FSE 1993) key schedule + CFB64 encryption of a buffer, the shape of CHStone's
 * blowfish benchmark (key set-up, then 650 64-bit blocks in CFB64 mode per call) but our own code,
 * written as C library code is: a key struct holding the P-array and the four S-boxes, an F function,
 * a block function on two 32-bit halves, a byte-at-a-time CFB64 loop with walking pointers and a
 * feedback counter. The initial subkeys are the hex digits of pi (blowfish_pi.h, computed by
 * tests/perf/gen_tables.py). No HLS directives. */
#include <stdint.h>
#include "blowfish_pi.h"

#define BF_ROUNDS 16
#define BF_MAX_BYTES 5200 /* 650 blocks */

typedef struct {
  uint32_t P[BF_ROUNDS + 2];
  uint32_t S[4][256];
} bf_key_t;

static uint32_t bf_f(const bf_key_t *key, uint32_t x) {
  uint32_t a = key->S[0][x >> 24], b = key->S[1][(x >> 16) & 0xff];
  uint32_t c = key->S[2][(x >> 8) & 0xff], d = key->S[3][x & 0xff];
  return ((a + b) ^ c) + d;
}

static void bf_encrypt(const bf_key_t *key, uint32_t *data) {
  uint32_t l = data[0], r = data[1], t;
  const uint32_t *p = key->P;
  for (int i = 0; i < BF_ROUNDS; i++) {
    l ^= *p++;
    r ^= bf_f(key, l);
    t = l; l = r; r = t;
  }
  t = l; l = r; r = t; /* undo the last swap */
  r ^= *p++;
  l ^= *p;
  data[0] = l;
  data[1] = r;
}

static void bf_set_key(bf_key_t *key, const uint8_t *k, int len) {
  int i, j;
  for (i = 0; i < BF_ROUNDS + 2; i++) key->P[i] = BF_PI_P[i];
  for (i = 0; i < 4; i++)
    for (j = 0; j < 256; j++) key->S[i][j] = BF_PI_S[256 * i + j];
  const uint8_t *kp = k, *end = k + len;
  for (i = 0; i < BF_ROUNDS + 2; i++) { /* the key bytes, cycled, into P */
    uint32_t ri = 0;
    for (j = 0; j < 4; j++) {
      ri = (ri << 8) | *kp++;
      if (kp >= end) kp = k;
    }
    key->P[i] ^= ri;
  }
  uint32_t data[2] = {0, 0};
  for (i = 0; i < BF_ROUNDS + 2; i += 2) {
    bf_encrypt(key, data);
    key->P[i] = data[0];
    key->P[i + 1] = data[1];
  }
  for (i = 0; i < 4; i++)
    for (j = 0; j < 256; j += 2) {
      bf_encrypt(key, data);
      key->S[i][j] = data[0];
      key->S[i][j + 1] = data[1];
    }
}

/* CFB64 as in the usual library routine: the feedback register is encrypted every 8 bytes and
 * replaced by the ciphertext. */
static void bf_cfb64_encrypt(const uint8_t *in, uint8_t *out, int n, const bf_key_t *key, uint8_t *ivec) {
  int num = 0;
  uint32_t data[2];
  while (n-- > 0) {
    if (num == 0) {
      const uint8_t *iv = ivec;
      data[0] = ((uint32_t)iv[0] << 24) | ((uint32_t)iv[1] << 16) | ((uint32_t)iv[2] << 8) | iv[3];
      data[1] = ((uint32_t)iv[4] << 24) | ((uint32_t)iv[5] << 16) | ((uint32_t)iv[6] << 8) | iv[7];
      bf_encrypt(key, data);
      uint8_t *w = ivec;
      for (int s = 24; s >= 0; s -= 8) *w++ = (uint8_t)(data[0] >> s);
      for (int s = 24; s >= 0; s -= 8) *w++ = (uint8_t)(data[1] >> s);
    }
    uint8_t c = *in++ ^ ivec[num];
    *out++ = c;
    ivec[num] = c;
    num = (num + 1) & 7;
  }
}

void blowfish(const uint8_t key[56], int keylen, const uint8_t iv[8], const uint8_t in[BF_MAX_BYTES],
              uint8_t out[BF_MAX_BYTES], int n) {
  bf_key_t ks;
  uint8_t ivec[8];
  bf_set_key(&ks, key, keylen);
  for (int i = 0; i < 8; i++) ivec[i] = iv[i];
  bf_cfb64_encrypt(in, out, n, &ks, ivec);
}
