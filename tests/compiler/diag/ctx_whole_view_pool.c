/* A character pointer over one of two whole structs, read back from an array of pointers and indexed at run time: it may reach any field of either, the two share one pool and cannot be held as bytes, so it is refused where it is indexed (frontend/struct_views.py: a pointer loaded from memory may be any pointer stored); a wrong field before. */
#include <stdint.h>
typedef struct { uint8_t a[16]; uint8_t b[16]; uint32_t w; } s_t;
uint32_t top(const uint8_t in[36], int n, int k) {
  s_t s = {0}, t = {0};
  uint8_t *ps[2] = {(uint8_t *)&s, (uint8_t *)&t};
  uint8_t *p = ps[k & 1];
  for (int i = 0; i < n; i++)
    p[i] = in[i];
  return s.w + t.w + s.b[n & 15] + t.b[n & 15];
}
