#include "tb_check.h"
uint64_t present_sbox(uint64_t x);
int main(void) {
  static const uint8_t S[16] = {12, 5, 6, 11, 9, 0, 10, 13, 3, 14, 15, 8, 4, 7, 1, 2};
  tb_check("identity_nibbles", 0, present_sbox(0x0123456789abcdefull), 0xc56b90ad3ef84712ull);
  for (int i = 0; i < 32; i++) {
    uint64_t x = tb_rand64(), expected = 0;
    for (int k = 15; k >= 0; k--) expected = expected * 16 + S[(x >> (4 * k)) % 16];
    tb_check("present_sbox", i, present_sbox(x), expected);
  }
  return tb_finish("present_sbox");
}
