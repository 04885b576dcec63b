/* A character pointer to a whole struct whose first field is a scalar, written at run time across
 * the scalar and both array members (frontend/struct_views.py). */
#include <stdint.h>
#include <string.h>

typedef struct { uint32_t w; uint8_t a[16]; uint8_t b[12]; } s_t;
volatile int n_short = 23;
uint32_t result;

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < n; i++)
    ((uint8_t *)&s)[i] = in[i];
  uint32_t x = s.w;
  for (int i = 0; i < 12; i++)
    x = x * 31 + s.a[i] + 7u * s.b[i];
  return x;
}

int main(void) {
  uint8_t in[40];
  for (int i = 0; i < 40; i++)
    in[i] = (uint8_t)(i * 13 + 5);
  result = fill(in, n_short) ^ fill(in, 32);
  return 0;
}
