/* A pointer to an array of 36 bytes over a whole global struct (`(*(uint8_t (*)[36])&g)[i]`): an array
 * at the struct's address that covers more than its first field (frontend/struct_views.py, view_span).
 * A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

s_t g;

static uint32_t fill(const uint8_t *in, int n) {
  memset(&g, 0, sizeof g);
  uint8_t (*v)[36] = (uint8_t (*)[36])&g;
  for (int i = 0; i < n; i++)
    (*v)[i] ^= in[i];
  return digest(&g);
}
