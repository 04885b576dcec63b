// Heap allocation has no hardware meaning.
// expect: 8:31: malloc
#include <stdint.h>
#include <stdlib.h>

uint32_t top(uint32_t n) {
  uint32_t sum = 0;
  uint32_t *buf = (uint32_t *)malloc(16 * sizeof(uint32_t));
  for (int i = 0; i < 16; i++) buf[i] = n + i;
  for (int i = 0; i < 16; i++) sum += buf[i];
  free(buf);
  return sum;
}
