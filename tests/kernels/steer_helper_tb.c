#include "tb_check.h"
uint32_t steer_helper(const uint8_t in[16], uint8_t out[16]);
static uint32_t absorb(uint32_t s, const uint8_t *p) {
  for (int i = 0; i < 16; i++) s = ((s << 5) | (s >> 27)) ^ p[i];
  return s;
}
int main(void) {
  for (int k = 0; k < 10; k++) {
    uint8_t in[16], out[16], tmp[16];
    for (int i = 0; i < 16; i++) in[i] = (uint8_t)tb_rand32();
    for (int i = 0; i < 16; i++) tmp[i] = in[15 - i] ^ (uint8_t)(i * 7);
    uint32_t s = absorb(0, in);
    s = absorb(s + 1, tmp);
    s = absorb(s + 2, tmp);
    tb_check("ret", k, steer_helper(in, out), s);
    for (int i = 0; i < 16; i++) tb_check("out", 16 * k + i, out[i], tmp[i] ^ (uint8_t)(s >> (i & 24)));
  }
  return tb_finish("steer_helper");
}
