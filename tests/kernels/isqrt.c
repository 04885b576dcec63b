#include <stdint.h>
/* Integer square root, digit by digit, in a do-while loop. */
uint32_t isqrt(uint32_t x) {
  uint32_t result = 0, bit = 1u << 30;
  while (bit > x) bit >>= 2;
  if (bit == 0) return 0;
  do {
    if (x >= result + bit) {
      x -= result + bit;
      result = (result >> 1) + bit;
    } else {
      result >>= 1;
    }
    bit >>= 2;
  } while (bit != 0);
  return result;
}
