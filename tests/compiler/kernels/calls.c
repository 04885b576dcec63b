#include <stdint.h>
/* helper functions are inlined; a pointer-to-scalar output and an in/out pointer */
static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
static uint32_t mix(uint32_t a, uint32_t b) { return rotl(a ^ b, 7) + rotl(b, 13); }
void calls(uint32_t a, uint32_t b, uint32_t *out, uint32_t *state) {
  uint32_t s = *state;
  *out = mix(a, b) ^ mix(b, s);
  *state = s + 1;
}
