#include <stdint.h>
/* A toy 64-bit CFB stream in the shape of Blowfish's CFB64 (tests/perf/blowfish.c), for the issue-20
 * compiler passes: a round loop reading the subkeys through a walking pointer (`l ^= *p++`: prefetch
 * of a pointer-walk read on the recurrence), feedback bytes stored through a walking pointer into an
 * 8-byte array in registers (full-unroll of a loop over registers), and the last two subkeys read
 * at constant addresses in the byte loop (hoist-loads: read once before it). No directives. */
typedef struct {
  uint32_t P[18];
  uint32_t S[64];
} toy_key_t;

static uint32_t toy_f(const toy_key_t *k, uint32_t x) {
  return (k->S[x & 63] + k->S[(x >> 8) & 63]) ^ (x >> 3);
}

static void toy_block(const toy_key_t *k, uint32_t *d) {
  uint32_t l = d[0], r = d[1], t;
  const uint32_t *p = k->P;
  for (int i = 0; i < 16; i++) {
    l ^= *p++;
    r ^= toy_f(k, l);
    t = l; l = r; r = t;
  }
  d[0] = r ^ *p++;
  d[1] = l ^ *p;
}

void walk_feedback(const uint32_t seed[4], const uint8_t in[64], uint8_t out[64], int n) {
  toy_key_t k;
  uint8_t iv[8];
  uint32_t d[2];
  for (int i = 0; i < 18; i++) k.P[i] = seed[i & 3] ^ (uint32_t)(0x9e3779b9u * (uint32_t)i);
  for (int j = 0; j < 64; j++) k.S[j] = seed[j & 3] * (uint32_t)(2 * j + 1) + (uint32_t)j;
  for (int i = 0; i < 8; i++) iv[i] = (uint8_t)(seed[0] >> (i & 3));
  int num = 0;
  while (n-- > 0) {
    if (num == 0) {
      d[0] = (uint32_t)iv[0] | ((uint32_t)iv[1] << 8) | ((uint32_t)iv[2] << 16) | ((uint32_t)iv[3] << 24);
      d[1] = (uint32_t)iv[4] | ((uint32_t)iv[5] << 8) | ((uint32_t)iv[6] << 16) | ((uint32_t)iv[7] << 24);
      toy_block(&k, d);
      uint8_t *w = iv;
      for (int s = 0; s < 32; s += 8) *w++ = (uint8_t)(d[0] >> s);
      for (int s = 0; s < 32; s += 8) *w++ = (uint8_t)(d[1] >> s);
    }
    uint8_t c = *in++ ^ iv[num];
    *out++ = c;
    iv[num] = c;
    num = (num + 1) & 7;
  }
}
