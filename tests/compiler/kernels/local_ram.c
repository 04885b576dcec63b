#include <stdint.h>
/* a local array that stays a RAM (dynamic indexing, loops rolled) */
uint32_t local_ram(uint32_t seed, uint32_t k) {
  uint32_t buf[64];
  for (int i = 0; i < 64; i++) buf[i] = seed * (uint32_t)i + 1;
  uint32_t acc = 0;
  for (int i = 0; i < 64; i++) acc ^= buf[(i * k) & 63] + (uint32_t)i;
  return acc;
}
