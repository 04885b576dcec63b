#include <stdint.h>
/* Prefix sums through a local RAM that is written and read back in a second loop. */
void prefix_sum(const uint16_t in[16], uint32_t out[16]) {
  uint32_t buf[16];
  uint32_t acc = 0;
  for (int i = 0; i < 16; i++) {
    acc += in[i];
    buf[i] = acc;
  }
  for (int i = 0; i < 16; i++) out[15 - i] = buf[i] ^ (uint32_t)i;
}
