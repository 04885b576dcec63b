/* Globals whose names hold double underscores (SUPERCOP's SCREAM keeps its state in `__a`, `__b`, ...):
 * Verilator spells each `__` of a name `___05F` in C++, and the cosim state reader named the register
 * as written (`main__DOT____a_q`: the cosim model did not compile). */
#include <stdint.h>

uint16_t __a = 0x1234, a___b = 7, y____z;
uint8_t tab__le[4] = {1, 2, 3, 4};

int main(void) {
  for (int i = 0; i < 6; i++) {
    __a = (uint16_t)((__a << 3) ^ (__a >> 5) ^ a___b);
    a___b = (uint16_t)(a___b + tab__le[i & 3]);
    tab__le[i & 3] ^= (uint8_t)__a;
  }
  y____z = (uint16_t)(__a ^ a___b);
  return y____z & 0x7f;
}
