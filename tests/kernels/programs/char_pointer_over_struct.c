/* A character pointer to a whole struct, indexed at run time past its first array member (found on
 * branch ptrmix30, main as well; docs/hls-c-guide.md §1.1). C lets `(uint8_t *)&s` cover every byte
 * of `s`; the frontend kept a pointer that moves at run time inside the array member it starts in
 * (right for `s.a`, whose bounds C enforces), so bytes 16.. landed in `a` again and `b` and `w` kept
 * their zeros (cosim 0x3ac3f000, native 0x2f8ac0fb). Now the -O0 IR shows the pointer covers the
 * struct whole (frontend/struct_views.py) and the struct is held as bytes. */
#include <stdint.h>
#include <string.h>

typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
volatile int n_short = 20;
uint32_t result;

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < n; i++)
    ((uint8_t *)&s)[i] = in[i];
  uint32_t x = s.w;
  for (int i = 0; i < 16; i++)
    x = x * 31 + s.a[i] + 7u * s.b[i];
  return x;
}

int main(void) {
  uint8_t in[40];
  for (int i = 0; i < 40; i++)
    in[i] = (uint8_t)(i * 7 + 1);
  result = fill(in, n_short) ^ fill(in, 36);
  return 0;
}
