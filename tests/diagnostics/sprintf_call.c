// sprintf writes memory through a library routine that has no body here (only stdio output is ignored).
// expect: 8:3: undefined function 'sprintf' && body is not in the source && hint:
#include <stdint.h>
#include <stdio.h>

void top(uint32_t x, char out[16]) {
  out[0] = 0;
  sprintf(out, "%u", (unsigned)x);
}
