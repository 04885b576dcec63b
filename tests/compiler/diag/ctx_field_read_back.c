/* The context struct of ctx_ptr_fields.c (tests/kernels), whose `tag` field is read back: that store is live, and one pointer may point into the struct or into `tag` (refused as before branch ptrmix30). */
#include <stdint.h>
typedef struct { uint32_t rk[8]; uint32_t *self; uint8_t *tag; } ctx_t;
uint8_t top(const uint8_t in[8], int n) {
  ctx_t c;
  uint8_t tag[8];
  c.self = c.rk;
  for (int i = 0; i < 8; i++) c.self[i] = in[i] * 3u;
  c.tag = tag;
  for (int i = 0; i < 8; i++) c.tag[i] = (uint8_t)c.rk[i];
  return tag[n & 7];
}
