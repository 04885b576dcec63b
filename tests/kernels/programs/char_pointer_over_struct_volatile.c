/* A character pointer to a whole struct kept in a volatile local variable (`uint8_t *volatile p`):
 * its stores and loads are volatile in the IR, and the view still covers every field. */
#include "struct_view.h"

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  memset(&s, 0, sizeof s);
  uint8_t *volatile p = (uint8_t *)&s;
  for (int i = 0; i < n; i++)
    p[i] ^= in[i];
  return digest(&s);
}
