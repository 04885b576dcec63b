#include <stdint.h>
/* 32x32 -> 32 multiply (low half) and a multiply-add. */
uint32_t mul32(uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }
