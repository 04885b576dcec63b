/* Testbench for mac_top (INLINE off sub-module): prints results, identical natively and in cosim. */
#include <stdint.h>
#include <stdio.h>

uint32_t mac_top(uint16_t x, uint16_t y, uint8_t n);

int main(void) {
  printf("%08x\n", (unsigned)mac_top(3, 5, 0));
  printf("%08x\n", (unsigned)mac_top(0x1234, 0xfedc, 1));
  printf("%08x\n", (unsigned)mac_top(0xbeef, 0x0042, 5));
  return 0;
}
