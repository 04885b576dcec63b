/* A pointer to rows of bytes over a whole struct (`uint8_t (*r)[4] = (uint8_t (*)[4])&s; r[i/4][i%4]`):
 * the getelementptr indexes arrays of integers, not only integers (frontend/struct_views.py).
 * A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  uint8_t (*r)[4] = (uint8_t (*)[4])&s;
  for (int i = 0; i < n; i++)
    r[i / 4][i % 4] ^= in[i];
  return digest(&s);
}
