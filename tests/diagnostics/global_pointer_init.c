// A global initialised with another global's address (Csmith seeds 2, 3, 15, 24, 33, 35 of the
// subset profile; was a Python traceback, issue 17). Reported where the pointer is used.
// expect: 10:11: global 'cursor' is initialised with the address of another object
#include <stdint.h>

static int32_t table[4] = {1, 2, 3, 4};
static int32_t *cursor = &table[1];

int32_t top(int32_t x) {
  return *cursor + x;
}
