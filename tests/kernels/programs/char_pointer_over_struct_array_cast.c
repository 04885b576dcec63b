/* A pointer to an array of 36 bytes over a whole global struct (`(*(uint8_t (*)[36])&g)[i]`): an array
 * at the struct's address that covers more than its first field (frontend/struct_views.py, view_span).
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
s_t g;
static uint32_t fill(const uint8_t *in, int n) {
  memset(&g, 0, sizeof g);
  uint8_t (*v)[36] = (uint8_t (*)[36])&g;
  for (int i = 0; i < n; i++) (*v)[i] ^= in[i];
  return digest(&g);
}
int main(void) { uint8_t in[40]; for (int i = 0; i < 40; i++) in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, 36); return 0; }
