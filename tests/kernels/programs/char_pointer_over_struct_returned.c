/* A character pointer to a whole struct returned by a helper (`uint8_t *view(s_t *s)`): the -O0 IR
 * gives the call's result, traced to what the callee returns (frontend/struct_views.py).
 * A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

static uint8_t *view(s_t *s) { return (uint8_t *)s; }

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  uint8_t *p = view(&s);
  for (int i = 0; i < n; i++)
    p[i] ^= in[i];
  return digest(&s);
}
