// long double (x87 80-bit) is not a supported type.
// expect: 6:15: long double
#include <stdint.h>

int32_t top(int32_t a) {
  long double acc = 2.0L;
  return (int32_t)(acc * a);
}
