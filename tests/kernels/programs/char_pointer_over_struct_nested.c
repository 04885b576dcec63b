/* A character pointer over a struct that is a field of another (`(uint8_t *)&o.in`): it covers the
 * inner struct's fields, so the outer object is held as bytes (frontend/struct_views.py).
 * A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

typedef struct { s_t in; uint32_t z; } o_t;

static uint32_t fill(const uint8_t *in, int n) {
  o_t o;
  memset(&o, 0, sizeof o);
  uint8_t *p = (uint8_t *)&o.in;
  for (int i = 0; i < n; i++)
    p[i] ^= in[i];
  return digest(&o.in) ^ o.z;
}
