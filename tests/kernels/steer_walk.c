/* Pointers that walk either an argument or a local array: the destination is chosen on a branch
 * (a pointer phi) and walked with *d++, the source walks the input or the local buffer. */
#include <stdint.h>

uint32_t steer_walk(int mode, const uint32_t in[8], uint32_t out[8]) {
  uint32_t buf[8];
  uint32_t *d;
  if (mode & 1)
    d = out;
  else
    d = buf;
  const uint32_t *s = (mode & 2) ? in : buf;
  uint32_t x = 0x9e3779b9u;
  for (int i = 0; i < 8; i++)
    buf[i] = in[i] ^ (x += 0x61c88647u);
  int n = 8;
  uint32_t acc = 0;
  while (n--) {
    uint32_t v = *s++;
    acc = (acc << 3 | acc >> 29) + v;
    *d++ = v ^ acc;
  }
  if (!(mode & 1))
    for (int i = 0; i < 8; i++)
      out[i] = buf[7 - i];
  return acc;
}
