/* A character pointer over a struct that is a field of another (`(uint8_t *)&o.in`): it covers the
 * inner struct's fields, so the outer object is held as bytes (frontend/struct_views.py).
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
typedef struct { s_t in; uint32_t z; } o_t;
static uint32_t fill(const uint8_t *in, int n) {
  o_t o; memset(&o, 0, sizeof o);
  uint8_t *p = (uint8_t *)&o.in;
  for (int i = 0; i < n; i++) p[i] ^= in[i];
  return digest(&o.in) ^ o.z;
}
int main(void) { uint8_t in[40]; for (int i = 0; i < 40; i++) in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, 36); return 0; }
