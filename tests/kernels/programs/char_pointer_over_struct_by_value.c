/* A character pointer over a struct passed by value (`sum(s_t s, int n)`, `(uint8_t *)&s`): the
 * callee's own copy (a byval parameter at -O0, declared as its variable) is the object viewed
 * (frontend/struct_views.py). A wrong value before (the bytes past the first field went into it). */
#include "struct_view.h"

static uint32_t sum(s_t s, int n) {
  uint8_t *p = (uint8_t *)&s;
  uint32_t x = 0;
  for (int i = 0; i < n; i++) {
    x = x * 33 + p[i];
    p[i] ^= 0x5a;
  }
  return x ^ digest(&s);
}

static uint32_t fill(const uint8_t *in, int n) {
  s_t s;
  for (int i = 0; i < 16; i++) {
    s.a[i] = in[i];
    s.b[i] = in[i + 16] ^ 0x33;
  }
  s.w = 0x12345678;
  return sum(s, n) ^ digest(&s);
}
