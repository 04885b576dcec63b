#include <stdint.h>
/* multiply-accumulate over a small array: the codegen golden */
uint32_t mac(const uint8_t x[4], uint8_t w) {
  uint32_t acc = 0;
  for (int i = 0; i < 4; i++) acc += (uint32_t)x[i] * w;
  return acc;
}
