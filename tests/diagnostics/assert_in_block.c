// A failing assert() aborts the program: in a top that is not main it is refused (issue 20).
// expect: 7:3: assert() that can fail && top 'top' && hint:
#include <assert.h>
#include <stdint.h>

uint32_t top(uint32_t x) {
  assert(x < 1000u);
  return x * 3u;
}
