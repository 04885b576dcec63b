/* A read loop through a character pointer to a whole struct, indexed at run time past its first
 * array member: every field's bytes, in memory order (frontend/struct_views.py). */
#include <stdint.h>

typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
volatile int n_short = 19;
uint32_t result;

static uint32_t digest(const uint8_t *in, int n) {
  s_t s;
  for (int i = 0; i < 16; i++) {
    s.a[i] = in[i];
    s.b[i] = (uint8_t)(in[i + 16] ^ 0x5a);
  }
  s.w = 0x01020304u * in[3];
  uint32_t x = 0;
  const uint8_t *p = (const uint8_t *)&s;
  for (int i = 0; i < n; i++)
    x = x * 33 + p[i];
  return x;
}

int main(void) {
  uint8_t in[40];
  for (int i = 0; i < 40; i++)
    in[i] = (uint8_t)(i * 11 + 2);
  result = digest(in, n_short) ^ digest(in, 36);
  return 0;
}
