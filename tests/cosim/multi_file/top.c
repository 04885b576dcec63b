/* The top of a design in two translation units (test_multi_file.py): it calls mix() of mix.c, and has
   a static step() of its own that mix.c's static step() must not replace. */
#include <stdint.h>
#include "mix.h"

static uint32_t step(uint32_t x) { return x * 3u + 1u; }

uint32_t top(const uint32_t in[8], uint32_t out[8]) {
  uint32_t acc = 0;
  for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE II=1
    out[i] = mix(in[i]) ^ step(in[i]);
    acc += out[i];
  }
  return acc;
}
