/* A copy of a length known only at run time over a whole context struct that holds a pointer read back (so it cannot be held as bytes): the copy may cover every field, and stays refused (frontend/member_copies.py: the pointer does not come from an array field). */
#include <stdint.h>
#include <string.h>
typedef struct { uint8_t es[16]; uint32_t rk[4]; uint32_t *sched; } ctx_t;
uint32_t top(const uint8_t in[40], int n) {
  ctx_t c;
  ctx_t *p = &c;
  c.sched = c.rk;
  memcpy(p, in, n);
  return c.sched[1] + c.es[3];
}
