#include <stdint.h>
/* 8-bit unsigned arithmetic that wraps. */
uint8_t add8(uint8_t a, uint8_t b) { return (uint8_t)(a + b * 3u + 7u); }
