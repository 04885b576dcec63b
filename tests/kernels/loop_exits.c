#include <stdint.h>
/* Loops with several exits (break, an early return from a helper and from the top, continue),
 * a zero-trip loop and a while loop with a data-dependent exit: structured C that must compile
 * (issue 21 item 1). */
static uint32_t find(const uint32_t v[16], uint32_t key) {
  for (uint32_t k = 0; k < 16; k++) {
    if (v[k] == key)
      return k;                 /* early return: a second exit of the loop */
    if (v[k] > 0xF0000000u)
      break;                    /* a third */
  }
  return 99;
}

uint32_t loop_exits(const uint32_t v[16], uint32_t key, uint32_t limit) {
  uint32_t acc = find(v, key);
  for (uint32_t i = limit; i < limit; i++)   /* zero trips */
    acc += 1000;
  uint32_t i = 0;
  while (1) {
    if (i >= 16)
      break;
    uint32_t x = v[i++];
    if (x & 1)
      continue;
    acc = acc * 31 + x;
    if (acc > limit)
      return acc ^ i;           /* an early return of the top from inside the loop */
  }
  return acc;
}
