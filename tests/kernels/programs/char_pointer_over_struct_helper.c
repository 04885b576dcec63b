/* A character pointer to a whole struct passed to a helper that walks it (`*p++`), next to a call of
 * the same helper with an array field (SUPERCOP SILC's xor_bytes(es, ...)): the walk over the whole
 * struct covers every field; the field's walk stays in its field (frontend/struct_views.py). */
#include <stdint.h>
#include <string.h>

typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
volatile int n_short = 21;
uint32_t result;

static void put(uint8_t *p, const uint8_t *in, int n) {
  for (int i = 0; i < n; i++)
    *p++ ^= in[i];
}

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  put((uint8_t *)&s, in, n);
  put(s.b, in + 3, 5);
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
