#include <stdint.h>
/* Unsigned division and remainder. */
void divmod32(uint32_t a, uint32_t b, uint32_t *q, uint32_t *r) {
  *q = a / b;
  *r = a % b;
}
