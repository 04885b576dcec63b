#include <stdint.h>
/* A goto from before an outer loop into the body of its inner loop: both loops are entered at two
 * places. Node splitting copies the inner loop's rest and the outer loop's rest for the goto. */
uint32_t goto_nested_loop(uint32_t seed, uint32_t rows, uint32_t cols, int resume) {
  uint32_t acc = seed;
  uint32_t r = 0, c = 0;
  if (resume) {
    r = rows >> 1;
    c = cols >> 1;
    goto middle;
  }
  for (r = 0; r < rows; r++) {
    acc = acc * 5 + r;
    for (c = 0; c < cols; c++) {
      acc += c;
    middle:
      acc = (acc << 1) ^ (acc >> 7) ^ (r * 16 + c);
    }
  }
  return acc;
}
