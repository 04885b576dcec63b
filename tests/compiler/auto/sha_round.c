/* A SHA-1-like round recurrence over a local schedule, no directives: the round loop is pipelined
 * automatically, W[t] is read one iteration ahead (prefetch) and the sum is rebuilt so that the
 * logic term enters last (balance), so a round starts every cycle. */
#include <stdint.h>

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

uint32_t sha_round(const uint32_t in[16], uint32_t h) {
  uint32_t W[32];
  for (int t = 0; t < 16; t++) W[t] = in[t];
  for (int t = 16; t < 32; t++) W[t] = ROL(W[t - 3] ^ W[t - 16], 1);
  uint32_t a = h, b = ~h, c = h ^ 0x5a5a5a5au, e = 0;
  for (int t = 0; t < 32; t++) {
    uint32_t tmp = ROL(a, 5) + ((b & c) | (~b & e)) + e + W[t] + 0x5a827999u;
    e = c; c = ROL(b, 30); b = a; a = tmp;
  }
  return a ^ b ^ c ^ e;
}
