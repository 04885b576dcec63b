#include <stdint.h>
/* A switch-based ALU with a default case. */
int32_t alu(uint8_t op, int32_t a, int32_t b) {
  switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a & b;
    case 3: return a | b;
    case 4: return a ^ b;
    case 5: return (int32_t)((uint32_t)a << (b & 31));
    case 6: return a >> (b & 31);
    case 7: return a < b ? 1 : 0;
    case 9: return (int32_t)((uint32_t)a * (uint32_t)b);
    default: return -1;
  }
}
