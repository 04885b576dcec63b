/* Shared by the char_pointer_over_struct_*.c programs (tests/kernels/test_programs.py): a struct of two
 * byte arrays and a word, a digest read through its fields, and a main that runs the program's
 * `fill` (a view of a whole struct written at run time) over a short and a whole struct's bytes. */
#include <stdint.h>
#include <string.h>

typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
volatile int n_short = 21;
uint32_t result;

static uint32_t digest(const s_t *s) {
  uint32_t x = s->w;
  for (int i = 0; i < 16; i++)
    x = x * 31 + s->a[i] + 7u * s->b[i];
  return x;
}

static uint32_t fill(const uint8_t *in, int n);

#ifndef VIEW_BYTES
#define VIEW_BYTES 36   /* the bytes of the longest fill */
#endif

int main(void) {
  uint8_t in[80];
  for (int i = 0; i < 80; i++)
    in[i] = (uint8_t)(i * 5 + 3);
  result = fill(in, n_short) ^ fill(in, VIEW_BYTES);
  return 0;
}
