/* The SHA-1 compression of one block as software writes it, no directives: a 16-word copy, the
 * message schedule W[16..79] in a loop of its own, then four loops of 20 rounds that read W[t].
 * passes/loop_fusion.py runs the schedule inside the round loops (each round reads a word written
 * 16 iterations before, so the fused order is legal). */
#include <stdint.h>

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

void sha_fuse(const uint32_t in[16], uint32_t digest[5]) {
  uint32_t W[80];
  int t;
  for (t = 0; t < 16; t++) W[t] = in[t];
  for (t = 16; t < 80; t++) W[t] = ROL(W[t - 3] ^ W[t - 8] ^ W[t - 14] ^ W[t - 16], 1);
  uint32_t a = 0x67452301u, b = 0xefcdab89u, c = 0x98badcfeu, d = 0x10325476u, e = 0xc3d2e1f0u, tmp;
  for (t = 0; t < 20; t++) {
    tmp = ROL(a, 5) + ((b & c) | (~b & d)) + e + W[t] + 0x5a827999u;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  for (t = 20; t < 40; t++) {
    tmp = ROL(a, 5) + (b ^ c ^ d) + e + W[t] + 0x6ed9eba1u;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  for (t = 40; t < 60; t++) {
    tmp = ROL(a, 5) + ((b & c) | (b & d) | (c & d)) + e + W[t] + 0x8f1bbcdcu;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  for (t = 60; t < 80; t++) {
    tmp = ROL(a, 5) + (b ^ c ^ d) + e + W[t] + 0xca62c1d6u;
    e = d; d = c; c = ROL(b, 30); b = a; a = tmp;
  }
  digest[0] = 0x67452301u + a;
  digest[1] = 0xefcdab89u + b;
  digest[2] = 0x98badcfeu + c;
  digest[3] = 0x10325476u + d;
  digest[4] = 0xc3d2e1f0u + e;
}
