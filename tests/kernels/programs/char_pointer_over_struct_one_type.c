/* A character pointer to a whole struct of byte arrays alone (struct_split.py would give each array
 * member its own memory), written at run time past its first member (frontend/struct_views.py). */
#include <stdint.h>
#include <string.h>

typedef struct { uint8_t a[16]; uint8_t b[16]; } s_t;
volatile int n_short = 20;
uint32_t result;

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < n; i++)
    ((uint8_t *)&s)[i] = in[i];
  uint32_t x = 0;
  for (int i = 0; i < 16; i++)
    x = x * 31 + s.a[i] + 7u * s.b[i];
  return x;
}

int main(void) {
  uint8_t in[40];
  for (int i = 0; i < 40; i++)
    in[i] = (uint8_t)(i * 7 + 1);
  result = fill(in, n_short) ^ fill(in, 32);
  return 0;
}
