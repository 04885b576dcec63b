/* A copy of a length known only at run time into an array field of a context struct that holds a pointer, made by a helper through its parameter: the -O0 IR of the helper does not show where the pointer comes from, and the copy stays refused (frontend/member_copies.py). */
#include <stdint.h>
#include <string.h>
typedef struct { uint8_t es[16]; uint32_t rk[4]; uint32_t *sched; } ctx_t;
static void put(uint8_t *d, const uint8_t *s, int n) {
  memcpy(d, s, n);
}
uint32_t top(const uint8_t in[16], int n) {
  ctx_t c;
  c.sched = c.rk;
  for (int i = 0; i < 4; i++) c.rk[i] = in[i];
  put(c.es, in, n);
  return c.sched[1] + c.es[3];
}
