/* A character pointer over an array of two structs (`(uint8_t *)s` for `s_t s[2]`) that crosses
 * from the first struct's fields into the second's (frontend/struct_views.py).
 * Each was a wrong value before (the bytes past the first field went into it). */
#include <stdint.h>
#include <string.h>
typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
volatile int n_short = 21;
uint32_t result;
static uint32_t digest(const s_t *s) {
  uint32_t x = s->w;
  for (int i = 0; i < 16; i++) x = x * 31 + s->a[i] + 7u * s->b[i];
  return x;
}
static uint32_t fill(const uint8_t *in, int n) {
  s_t s[2]; memset(s, 0, sizeof s);
  uint8_t *p = (uint8_t *)s;
  for (int i = 0; i < n; i++) p[i] ^= in[i];
  return digest(&s[0]) ^ digest(&s[1]);
}
int main(void) { uint8_t in[80]; for (int i = 0; i < 80; i++) in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, 36) ^ fill(in, 72); return 0; }
