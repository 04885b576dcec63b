/* A stream read on one side of a conditional (aes128-ctr-io's `pending` instruction word):
 * `x = reuse ? last : in.read()` must not read `in` when `reuse` is set (a read pops a FIFO, so the
 * compiler may not speculate it as it would a plain load). */
#include <stdint.h>

#include "hls_stream.h"

void cond_read(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, bool reuse) {
  static uint32_t last = 0;
  uint32_t x = reuse ? last : in.read();
  last = x;
  out.write(x + 1);
}
