#include "tb_check.h"
uint32_t struct_tables(const uint8_t in[8], uint16_t out[8]);
static const uint16_t MASK[8] = {0x00ff, 0x0f0f, 0x3333, 0x5555, 0xff00, 0xf0f0, 0xcccc, 0xaaaa};
static const uint16_t T[3][8] = {{0x1234, 0x2345, 0x3456, 0x4567, 0x5678, 0x6789, 0x789a, 0x89ab},
                                 {0x9abc, 0xabcd, 0xbcde, 0xcdef, 0xdef0, 0xef01, 0xf012, 0x0123},
                                 {0x1357, 0x2468, 0x3579, 0x468a, 0x579b, 0x68ac, 0x79bd, 0x8ace}};
int main(void) {
  for (int k = 0; k < 10; k++) {
    uint8_t in[8];
    uint16_t out[8];
    for (int i = 0; i < 8; i++) in[i] = (uint8_t)tb_rand32();
    uint32_t acc = 0;
    uint16_t expect[8];
    for (int i = 0; i < 8; i++) {
      uint8_t v = in[i];
      uint16_t w = (uint16_t)((T[0][v & 7] ^ T[1][(v >> 3) & 7] ^ T[2][(v >> 5) & 7]) & MASK[i]);
      expect[i] = w;
      acc = (acc << 3 | acc >> 29) ^ w;
    }
    tb_check("ret", k, struct_tables(in, out), acc);
    for (int i = 0; i < 8; i++) tb_check("out", 8 * k + i, out[i], expect[i]);
  }
  return tb_finish("struct_tables");
}
