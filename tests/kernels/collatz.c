#include <stdint.h>
/* Steps of the Collatz sequence to reach 1: a while loop with a data-dependent trip count. */
uint32_t collatz(uint32_t n) {
  uint32_t steps = 0;
  while (n != 1) {
    if (n & 1) n = 3 * n + 1;
    else n = n / 2;
    steps++;
  }
  return steps;
}
