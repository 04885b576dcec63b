#include "tb_check.h"
/* walk_feedback against the same cipher written with indices (no pointer walks) in plain C. */
void walk_feedback(const uint32_t seed[4], const uint8_t in[64], uint8_t out[64], int n);

static void ref(const uint32_t seed[4], const uint8_t in[64], uint8_t out[64], int n) {
  uint32_t P[18], S[64];
  uint8_t iv[8];
  for (int i = 0; i < 18; i++) P[i] = seed[i % 4] ^ (0x9e3779b9u * (uint32_t)i);
  for (int j = 0; j < 64; j++) S[j] = seed[j % 4] * (uint32_t)(2 * j + 1) + (uint32_t)j;
  for (int i = 0; i < 8; i++) iv[i] = (uint8_t)(seed[0] >> (i % 4));
  for (int b = 0; b < n; b++) {
    if (b % 8 == 0) {
      uint32_t l = 0, r = 0;
      for (int i = 0; i < 4; i++) {
        l |= (uint32_t)iv[i] << (8 * i);
        r |= (uint32_t)iv[4 + i] << (8 * i);
      }
      for (int i = 0; i < 16; i++) {
        l ^= P[i];
        uint32_t f = (S[l % 64] + S[(l / 256) % 64]) ^ (l / 8);
        uint32_t t = r ^ f;
        r = l;
        l = t;
      }
      uint32_t o0 = r ^ P[16], o1 = l ^ P[17];
      for (int i = 0; i < 4; i++) {
        iv[i] = (uint8_t)(o0 >> (8 * i));
        iv[4 + i] = (uint8_t)(o1 >> (8 * i));
      }
    }
    out[b] = in[b] ^ iv[b % 8];
    iv[b % 8] = out[b];
  }
}

int main(void) {
  uint32_t seed[4];
  uint8_t in[64], out[64], want[64];
  for (int t = 0; t < 4; t++) {
    for (int i = 0; i < 4; i++) seed[i] = tb_rand32();
    for (int i = 0; i < 64; i++) in[i] = (uint8_t)tb_rand32();
    int n = t == 0 ? 64 : (int)(tb_rand32() % 65);
    for (int i = 0; i < 64; i++) out[i] = want[i] = 0;
    walk_feedback(seed, in, out, n);
    ref(seed, in, want, n);
    for (int i = 0; i < 64; i++) tb_check("byte", 64 * t + i, out[i], want[i]);
  }
  return tb_finish("walk_feedback");
}
