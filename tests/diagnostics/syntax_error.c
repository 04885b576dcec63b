// A C syntax error is reported with clang's location and message.
// expect: 6:17: expected ';'
#include <stdint.h>

uint32_t top(uint32_t x) {
  uint32_t y = x
  return y;
}
