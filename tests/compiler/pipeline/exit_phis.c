/* A pipelined loop that leaves straight into the next loop's header: that header's phis (the block the
 * pipelined loop exits to) take the last iteration's values, m from the iteration's second stage
 * (memory data) and t from its first. The second loop runs on data. */
#include <stdint.h>

uint32_t exit_phis(const uint32_t x[32], uint32_t y[32], uint32_t k) {
  uint32_t m = 0, t = k;
  for (int i = 0; i < 32; i++) {
#pragma HLS PIPELINE II=1
    m = x[i] ^ t;
    y[i] = m;
    t = (t << 1) | (t >> 31);
  }
  do {
    m = (m >> 3) ^ t;
    t >>= 2;
  } while (t != 0);
  return m;
}
