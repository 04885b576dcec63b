/* 8-tap FIR with a shift register (register file) over an ap_memory input, pipelined at II=1. */
#include <stdint.h>

static const int16_t COEF[8] = {3, -5, 7, 11, -13, 17, 19, -23};

void fir(const int16_t x[32], int32_t y[32]) {
  int16_t shift[8];
#pragma HLS ARRAY_PARTITION variable=shift complete
  for (int k = 0; k < 8; k++) {
#pragma HLS UNROLL
    shift[k] = 0;
  }
  for (int n = 0; n < 32; n++) {
#pragma HLS PIPELINE II=1
    int32_t acc = 0;
    for (int k = 7; k > 0; k--) {
#pragma HLS UNROLL
      shift[k] = shift[k - 1];
    }
    shift[0] = x[n];
    for (int k = 0; k < 8; k++) {
#pragma HLS UNROLL
      acc += COEF[k] * shift[k];
    }
    y[n] = acc;
  }
}
