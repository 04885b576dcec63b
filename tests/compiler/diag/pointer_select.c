#include <stdint.h>
uint8_t top(const uint8_t a[4], const uint8_t b[4], int c) {
  const uint8_t *p = c ? a : b;
  return p[c & 3];
}
