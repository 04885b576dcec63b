#include <stdint.h>
/* Inner loops whose body always leaves on its first pass (break, return): clang -O0 keeps their
 * latch as an unreachable block, which once made the outer loop look irreducible ("jump into the
 * middle of a loop"; issue 21, found by Csmith seeds 11, 12, 13, 19, 20). */
static uint32_t first_match(uint32_t x) {
  for (uint32_t k = 0; k < 8; k++) {
    if (x & 1) return k + x;
    return k ^ x;                         /* every pass returns: the latch k++ is unreachable */
  }
  return 99;
}

uint32_t loop_breaks_first(uint32_t n, uint32_t seed) {
  uint32_t acc = seed;
  for (uint32_t i = 0; i < n; i++) {
    for (uint32_t j = 0; j == 3; j++) {   /* zero-trip loop: the condition fails at once */
      acc += 1000;
    }
    for (uint32_t j = 0; j < 5; j++) {
      acc = acc * 33 + j;
      break;                              /* the latch j++ is unreachable */
    }
    acc += first_match(acc + i);
  }
  return acc;
}
