// Issue 17: an array argument sized by a macro given on the command line (-D N=4).
#include <stdint.h>

uint32_t cmdline_size(const uint32_t a[N]) {
  uint32_t s = 0;
  for (int i = 0; i < N; i++) s += a[i];
  return s;
}
