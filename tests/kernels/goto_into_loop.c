#include <stdint.h>
/* A loop entered at two places: through its header, and by a goto to a label in its body. The
 * frontend makes the control flow reducible by node splitting (frontend/node_split.py): the part
 * of the body after the label is copied for the goto. A `&&` (a phi at -O0) sits in the copied part. */
uint32_t goto_into_loop(uint32_t x, uint32_t n, int skip) {
  uint32_t acc = 1;
  uint32_t i = 0;
  if (skip)
    goto inside;
  for (i = 0; i < n; i++) {
    acc = acc * 3 + x;
  inside:
    acc ^= i << 3;
    acc += ((acc & 1) && i > 2) * 7u;
  }
  return acc;
}
