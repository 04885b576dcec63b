/* A character pointer over a compound literal of a struct type (`(uint8_t *)&(s_t){...}`), an object
 * with no C declaration: such objects share one key (struct_views.TEMPORARY) and are held as bytes
 * (frontend/struct_views.py). A wrong value before (the bytes past the first field went into it). */
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
  uint8_t *p = (uint8_t *)&(s_t){{0}, {0}, 0};
  for (int i = 0; i < n; i++) p[i] ^= in[i];
  return digest((s_t *)p);
}
int main(void) { uint8_t in[40]; for (int i = 0; i < 40; i++) in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, 36); return 0; }
