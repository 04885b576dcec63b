/* A character pointer to a whole struct kept in a volatile local variable (`uint8_t *volatile p`):
 * its stores and loads are volatile in the IR, and the view still covers every field. */
#include <stdint.h>
#include <string.h>

typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
volatile int n_short = 21;
uint32_t result;

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  uint8_t *volatile p = (uint8_t *)&s;
  for (int i = 0; i < n; i++)
    p[i] ^= in[i];
  uint32_t x = s.w;
  for (int i = 0; i < 16; i++)
    x = x * 31 + s.a[i] + 7u * s.b[i];
  return x;
}

int main(void) {
  uint8_t in[40];
  for (int i = 0; i < 40; i++)
    in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, 36);
  return 0;
}
