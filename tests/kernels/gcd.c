#include <stdint.h>
/* Euclid's algorithm: a data-dependent while loop with a remainder. */
uint32_t gcd(uint32_t a, uint32_t b) {
  while (b != 0) {
    uint32_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}
