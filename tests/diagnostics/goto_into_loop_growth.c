// Gotos into four nested loops, each from inside the loop around it: every copy made to give a loop
// one entry holds the next loop with its two entries, so the copies double with each level.
// Node splitting stops at twice the function's size and names the goto it could not afford.
// expect: 13:16: jump into the middle of a loop && would copy
#include <stdint.h>

uint32_t top(uint32_t x, uint32_t n) {
  uint32_t acc = x, i, j, k, m;
  if (x & 1) goto l1;
  for (i = 0; i < n; i++) {
    acc = acc * 3 + i;
  l1:
    if (x & 2) goto l2;
    for (j = 0; j < n; j++) {
      acc = acc * 5 + j;
    l2:
      if (x & 4) goto l3;
      for (k = 0; k < n; k++) {
        acc = acc * 7 + k;
      l3:
        if (x & 8) goto l4;
        for (m = 0; m < n; m++) {
          acc = acc * 11 + m;
        l4:
          acc ^= (acc >> 3) + (acc << 5) + (acc >> 7) + (acc << 9) + (acc >> 11) + (acc << 13);
          acc ^= (acc >> 4) + (acc << 6) + (acc >> 8) + (acc << 10) + (acc >> 12) + (acc << 14);
          acc ^= (acc >> 2) + (acc << 3) + (acc >> 5) + (acc << 7) + (acc >> 9) + (acc << 11);
        }
      }
    }
  }
  return acc;
}
