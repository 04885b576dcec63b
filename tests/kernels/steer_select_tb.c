#include "tb_check.h"
uint32_t steer_select(int use_key, int direct, const uint8_t key[16], uint8_t out[16]);
static const uint8_t PAD[16] = {0x36, 0x5c, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
                                0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee};
int main(void) {
  for (int k = 0; k < 12; k++) {
    uint8_t key[16], out[16], expect[16];
    int use_key = k & 1, direct = (k >> 1) & 1;
    for (int i = 0; i < 16; i++) key[i] = (uint8_t)tb_rand32();
    for (int i = 0; i < 16; i++) out[i] = 0xA5;
    const uint8_t *p = use_key ? key : PAD;
    uint32_t acc = 0;
    for (int i = 0; i < 16; i++) {
      acc = acc * 31 + p[i];
      uint8_t v = p[15 - i] ^ key[i];
      expect[i] = direct ? v : (uint8_t)(v + 1);
    }
    tb_check("ret", k, steer_select(use_key, direct, key, out), acc);
    for (int i = 0; i < 16; i++) tb_check("out", 16 * k + i, out[i], expect[i]);
  }
  return tb_finish("steer_select");
}
