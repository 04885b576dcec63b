#include <stdint.h>
/* A perfect nest with a pipelined inner loop (4 rows x 8): a running value per row, started from a
 * value of the row (computed in the outer loop), and a total carried through both loops. LOOP_FLATTEN
 * (default on) makes it one pipelined loop of 32 iterations. */
uint32_t flatten(const uint8_t a[32], uint8_t y[32], uint8_t k) {
  uint32_t total = 0;
  ROWS: for (int i = 0; i < 4; i++) {
    uint8_t acc = (uint8_t)(k + i);
    COLS: for (int j = 0; j < 8; j++) {
#pragma HLS PIPELINE II=1
      acc ^= (uint8_t)(acc << 1) ^ (uint8_t)j;   /* a recurrence in registers only */
      y[8 * i + j] = acc ^ a[8 * i + j];
      total += acc;
    }
  }
  return total;
}
