/* One helper called on the argument buffer and on a local array: after inlining, the pointer it
 * walks is a phi of the two (the first round reads the input, the later rounds the local copy). */
#include <stdint.h>

static uint32_t absorb(uint32_t s, const uint8_t *p, int n) {
  while (n--)
    s = ((s << 5) | (s >> 27)) ^ *p++;
  return s;
}

uint32_t steer_helper(const uint8_t in[16], uint8_t out[16]) {
  uint8_t tmp[16];
  for (int i = 0; i < 16; i++)
    tmp[i] = in[15 - i] ^ (uint8_t)(i * 7);
  const uint8_t *src = in;
  uint32_t s = 0;
  for (int r = 0; r < 3; r++) {
    s = absorb(s + (uint32_t)r, src, 16);
    src = tmp;
  }
  for (int i = 0; i < 16; i++)
    out[i] = tmp[i] ^ (uint8_t)(s >> (i & 24));
  return s;
}
