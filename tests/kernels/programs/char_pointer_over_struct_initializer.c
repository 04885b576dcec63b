/* A character pointer to a whole global struct held in other globals' initializers: a pointer variable,
 * a table of pointers and a struct's pointer field, set by no store in the code (frontend/struct_views.py
 * reads the initializers too). A wrong value before (the bytes past the first field went into it).
 * Beside it a pointer variable initialised to a struct that holds a pointer: only its fields are indexed,
 * so it is neither held as bytes nor refused (a global pointer variable holds its own initializer's
 * pointers, not every other pointer read from memory). */
#include "struct_view.h"

static s_t g;
static uint8_t *view = (uint8_t *)&g;
static uint8_t *const table[2] = {0, (uint8_t *)&g};
static struct { uint8_t *p; int pad; } holder = {(uint8_t *)&g, 0};

typedef struct { uint8_t *iv; uint32_t k[4]; } c_t;
static uint8_t ivbuf[8];
static c_t ctx = {ivbuf, {1, 2, 3, 4}};
c_t *ctx_ptr = &ctx;

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
  for (int i = 0; i < n; i++)
    ctx_ptr->iv[i & 7] += in[i];
  ctx_ptr->k[n & 3] ^= x;
  return x * 5 + digest(&g) + ivbuf[n & 7] + ctx.k[(n + 1) & 3];
}
