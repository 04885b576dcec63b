#include "tb_check.h"
uint32_t cstring_spaces(uint32_t i);
/* The same arrays and operation, compiled natively here. */
static uint8_t m_pad[4] = {0x20, 0x20, 0x20, 0x41};
static const char m_text[12] = "a  b   c  ";
static uint32_t model(uint32_t i) {
  m_pad[i & 3] ^= (uint8_t)(i >> 4);
  return ((uint32_t)m_pad[(i >> 2) & 3] << 8) | (uint8_t)m_text[i % 12];
}
int main(void) {
  for (int i = 0; i < 24; i++) {       /* every index of both arrays, first before any write */
    uint32_t x = (i < 12) ? (uint32_t)i : tb_rand32();
    tb_check("cstring_spaces", i, cstring_spaces(x), model(x));
  }
  return tb_finish("cstring_spaces");
}
