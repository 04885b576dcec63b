/* A character pointer to a whole global struct held in other globals' initializers: a pointer variable,
 * a table of pointers and a struct's pointer field, set by no store in the code (frontend/struct_views.py
 * reads the initializers too). A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

static s_t g;
static uint8_t *view = (uint8_t *)&g;
static uint8_t *const table[2] = {0, (uint8_t *)&g};
static struct { uint8_t *p; int pad; } holder = {(uint8_t *)&g, 0};

static uint32_t fill(const uint8_t *in, int n) {
  memset(&g, 0, sizeof g);
  for (int i = 0; i < n; i++)
    view[i] ^= in[i];
  uint32_t x = digest(&g);
  for (int i = 0; i < n; i++)
    table[1][i] ^= in[i + 1];
  x = x * 3 + digest(&g);
  for (int i = 0; i < n; i++)
    holder.p[i] += in[i + 2];
  return x * 5 + digest(&g);
}
