/* The context struct's address is held in memory and read back, and its `tag` field read through it: a pointer of unknown origin reads pointers, so no store into the struct is dead (refused as before branch ptrmix30). */
#include <stdint.h>
typedef struct { uint32_t rk[8]; uint32_t *self; uint8_t *tag; } ctx_t;
static ctx_t *volatile held;
uint8_t top(const uint8_t in[8], int n) {
  ctx_t c;
  uint8_t tag[8];
  c.self = c.rk;
  for (int i = 0; i < 8; i++) c.self[i] = in[i] * 3u;
  c.tag = tag;
  held = &c;
  for (int i = 0; i < 8; i++) tag[i] = (uint8_t)c.rk[i];
  return held->tag[n & 7];
}
