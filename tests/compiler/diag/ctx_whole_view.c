/* A character pointer over a whole struct that holds a pointer read back, indexed at run time: it may reach any field, the struct cannot be held as bytes (a pointer is an index, no bytes), so it is refused where the struct is so indexed (frontend/struct_views.py); a wrong field before. */
#include <stdint.h>
typedef struct { uint8_t a[16]; uint8_t b[8]; const uint8_t *src; } ctx_t;
uint8_t top(const uint8_t in[8], int n) {
  ctx_t c;
  c.src = in;
  for (int i = 0; i < n; i++)
    ((uint8_t *)&c)[i] = c.src[i & 7];
  return (uint8_t)(c.a[n & 15] + c.b[n & 7]);
}
