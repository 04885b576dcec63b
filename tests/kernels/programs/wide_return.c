/* A whole-program top returning 64 bits (not main): cosim compares both halves of the return value with
 * the native run's. The native harness (sim/program.py) once kept only the low half (`{{lo, hi}}`
 * initialised one element), so a wrong high half went unseen and a right one was called a difference. */
#include <stdint.h>

uint32_t seed = 0x9E3779B9u;

uint64_t wide_mix(void) {
  uint64_t x = ((uint64_t)seed << 32) | (seed ^ 0x5bd1e995u);
  for (int i = 0; i < 5; i++)
    x = (x ^ (x >> 29)) * 0xBF58476D1CE4E5B9ull;
  seed = (uint32_t)(x >> 7);
  return x;
}
