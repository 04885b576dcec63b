#include <stdint.h>
/* Function calls: helpers called several times and from each other. */
static uint32_t mix(uint32_t x, uint32_t k) { return ((x << 5) | (x >> 27)) ^ (x + k); }
static uint32_t twice(uint32_t x) { return mix(mix(x, 0x9e3779b9u), 0x7f4a7c15u); }

uint32_t calls(uint32_t x, uint32_t y) { return twice(x) + mix(y, x) - twice(y ^ 0x55u); }
