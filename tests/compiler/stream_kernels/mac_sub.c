/* INLINE off: mac() is a sub-module called twice per loop iteration (one instance per call site). */
#include <stdint.h>

static uint32_t mac(uint32_t acc, uint16_t a, uint16_t b) {
#pragma HLS INLINE off
  uint32_t p = (uint32_t)a * b;
  for (int i = 0; i < 2; i++) p = (p << 1) ^ (p >> 31);
  return acc + p;
}

uint32_t mac_top(uint16_t x, uint16_t y, uint8_t n) {
  uint32_t acc = 0;
  for (uint8_t i = 0; i < n; i++) {
    acc = mac(acc, x + i, y);
    acc = mac(acc, y, (uint16_t)(x ^ acc));
  }
  return acc;
}
