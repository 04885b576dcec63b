// Floating-point arithmetic is outside the supported subset (integer crypto datapaths only).
// expect: 6:10: floating-point
#include <stdint.h>

uint32_t top(uint32_t a) {
  double scale = 0.5;
  scale = scale * a;
  return (uint32_t)scale;
}
