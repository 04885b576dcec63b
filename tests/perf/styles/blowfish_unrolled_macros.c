/* SECOND STYLE, no directives: Blowfish key set-up + CFB64 in the style of the widely used C library
 * implementations (a global key struct with a flat S[4 * 256], the 16 rounds written out with a
 * ROUND macro, big-endian load/store macros that walk a byte pointer, a feedback counter passed by
 * pointer). Our own code (Schneier's specification); same testbench as tests/perf/blowfish.c. */
#include <stdint.h>
#include "../blowfish_pi.h"
typedef uint32_t BF_LONG;
typedef struct { BF_LONG P[18]; BF_LONG S[4 * 256]; } BF_KEY;
static BF_KEY key_g;

#define LOAD32(c, l) (l = ((BF_LONG)(*((c)++))) << 24, l |= ((BF_LONG)(*((c)++))) << 16, \
                      l |= ((BF_LONG)(*((c)++))) << 8, l |= ((BF_LONG)(*((c)++))))
#define STORE32(l, c) (*((c)++) = (uint8_t)((l) >> 24), *((c)++) = (uint8_t)((l) >> 16), \
                       *((c)++) = (uint8_t)((l) >> 8), *((c)++) = (uint8_t)(l))
#define ROUND(L, R, S, P) (L ^= P, R ^= ((S[(L) >> 24] + S[0x100 + (((L) >> 16) & 0xff)]) ^ \
                           S[0x200 + (((L) >> 8) & 0xff)]) + S[0x300 + ((L) & 0xff)])

static void BF_encrypt(BF_LONG *data, const BF_KEY *key) {
  const BF_LONG *p = key->P, *s = key->S;
  BF_LONG l = data[0], r = data[1];
  ROUND(l, r, s, p[0]); ROUND(r, l, s, p[1]); ROUND(l, r, s, p[2]); ROUND(r, l, s, p[3]);
  ROUND(l, r, s, p[4]); ROUND(r, l, s, p[5]); ROUND(l, r, s, p[6]); ROUND(r, l, s, p[7]);
  ROUND(l, r, s, p[8]); ROUND(r, l, s, p[9]); ROUND(l, r, s, p[10]); ROUND(r, l, s, p[11]);
  ROUND(l, r, s, p[12]); ROUND(r, l, s, p[13]); ROUND(l, r, s, p[14]); ROUND(r, l, s, p[15]);
  l ^= p[16];
  r ^= p[17];
  data[0] = r;
  data[1] = l;
}

static void BF_set_key(BF_KEY *key, int len, const uint8_t *data) {
  BF_LONG *p = key->P, ri, in[2];
  const uint8_t *d = data, *end = data + len;
  for (int i = 0; i < 18; i++) p[i] = BF_PI_P[i];
  for (int i = 0; i < 1024; i++) key->S[i] = BF_PI_S[i];
  for (int i = 0; i < 18; i++) {
    ri = *(d++); if (d >= end) d = data;
    ri <<= 8; ri |= *(d++); if (d >= end) d = data;
    ri <<= 8; ri |= *(d++); if (d >= end) d = data;
    ri <<= 8; ri |= *(d++); if (d >= end) d = data;
    p[i] ^= ri;
  }
  in[0] = in[1] = 0;
  for (int i = 0; i < 18; i += 2) { BF_encrypt(in, key); p[i] = in[0]; p[i + 1] = in[1]; }
  p = key->S;
  for (int i = 0; i < 4 * 256; i += 2) { BF_encrypt(in, key); p[i] = in[0]; p[i + 1] = in[1]; }
}

static void BF_cfb64_encrypt(const uint8_t *in, uint8_t *out, long length, const BF_KEY *schedule,
                             uint8_t *ivec, int *num) {
  BF_LONG v0, v1, t, ti[2];
  int n = *num;
  long l = length;
  uint8_t c, *iv = ivec;
  while (l--) {
    if (n == 0) {
      LOAD32(iv, v0); ti[0] = v0;
      LOAD32(iv, v1); ti[1] = v1;
      BF_encrypt(ti, schedule);
      iv = ivec;
      t = ti[0]; STORE32(t, iv);
      t = ti[1]; STORE32(t, iv);
      iv = ivec;
    }
    c = *(in++) ^ iv[n];
    *(out++) = c;
    iv[n] = c;
    n = (n + 1) & 0x07;
  }
  v0 = v1 = ti[0] = ti[1] = t = c = 0;
  *num = n;
}

void blowfish(const uint8_t key[56], int keylen, const uint8_t iv[8], const uint8_t in[5200], uint8_t out[5200],
              int n) {
  uint8_t ivec[8];
  int num = 0;
  BF_set_key(&key_g, keylen, key);
  for (int i = 0; i < 8; i++) ivec[i] = iv[i];
  BF_cfb64_encrypt(in, out, n, &key_g, ivec, &num);
}
