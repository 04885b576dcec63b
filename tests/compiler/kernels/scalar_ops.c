#include <stdint.h>
/* add/mul/shift/compare/select on unsigned and signed scalars */
uint32_t scalar_ops(uint32_t a, uint32_t b, int32_t c) {
  uint32_t s = a + b * 3u;
  uint32_t t = (s << 5) ^ (a >> 3);
  int32_t u = c >> 2;
  uint32_t m = (a < b) ? t : s;
  if (c < -5) m += (uint32_t)u;
  return m ^ (uint32_t)(c > 7);
}
