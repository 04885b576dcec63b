// exit() in a top that is not main: ending the program has no meaning for a hardware block (issue 20).
// expect: 8:5: call to 'exit' && top 'top' && --top main
#include <stdint.h>
#include <stdlib.h>

uint32_t top(uint32_t x) {
  if (x == 0)
    exit(1);
  return 100u / x;
}
