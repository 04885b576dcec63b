/* A union of a byte array and a struct (`union { uint8_t raw[36]; s_t s; }`), written through `u.raw[i]`
 * and read through `u.s`: clang types the union as its struct, and `u.raw[i]` is an array of 36 bytes at
 * the union's address, more than the struct's first field (frontend/struct_views.py, view_span).
 * A wrong value before (the bytes past the first field went into it). */
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
typedef union { uint8_t raw[36]; s_t s; } u_t;
static uint32_t fill(const uint8_t *in, int n) {
  u_t u; memset(&u, 0, sizeof u);
  for (int i = 0; i < n; i++) u.raw[i] ^= in[i];
  return digest(&u.s);
}
int main(void) { uint8_t in[40]; for (int i = 0; i < 40; i++) in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, 36); return 0; }
