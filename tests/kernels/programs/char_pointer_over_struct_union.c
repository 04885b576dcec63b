/* A union of a byte array and a struct (`union { uint8_t raw[36]; s_t s; }`), written through `u.raw[i]`
 * and read through `u.s`: clang types the union as its struct, and `u.raw[i]` is an array of 36 bytes at
 * the union's address, more than the struct's first field (frontend/struct_views.py, view_span).
 * A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

typedef union { uint8_t raw[36]; s_t s; } u_t;

static uint32_t fill(const uint8_t *in, int n) {
  u_t u;
  memset(&u, 0, sizeof u);
  for (int i = 0; i < n; i++)
    u.raw[i] ^= in[i];
  return digest(&u.s);
}
