#include "tb_check.h"
uint32_t steer_select(int use_key, int direct, const uint8_t key[12], uint8_t out[12]);
static const uint8_t PAD[32] = {0x36, 0x5c, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
                                0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee,
                                0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
                                0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10};
int main(void) {
  for (int k = 0; k < 12; k++) {
    uint8_t key[12], out[12], v[12], expect[12];
    int use_key = k & 1, direct = (k >> 1) & 1;
    for (int i = 0; i < 12; i++) key[i] = (uint8_t)tb_rand32();
    for (int i = 0; i < 12; i++) out[i] = 0xA5;
    const uint8_t *p = use_key ? key : PAD + 20;
    uint32_t acc = 0;
    for (int i = 0; i < 12; i++) {
      acc = acc * 31 + p[i];
      v[i] = p[11 - i] ^ key[i];
    }
    for (int i = 0; i < 12; i++)
      expect[i] = direct ? v[i] : i < 6 ? (uint8_t)(v[i] + v[i + 6]) : 0xA5;
    tb_check("ret", k, steer_select(use_key, direct, key, out), acc);
    for (int i = 0; i < 12; i++) tb_check("out", 12 * k + i, out[i], expect[i]);
  }
  return tb_finish("steer_select");
}
