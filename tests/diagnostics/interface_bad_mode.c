// An INTERFACE mode outside the supported list is refused with a suggestion.
// expect: 6:1: invalid mode 'ap_vldd' && did you mean 'ap_vld'
#include <stdint.h>

void top(uint32_t x, uint32_t *y) {
#pragma HLS INTERFACE mode=ap_vldd port=y
  *y = x + 1;
}
