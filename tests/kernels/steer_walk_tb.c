#include "tb_check.h"
uint32_t steer_walk(int mode, const uint32_t in[8], uint32_t out[8]);
int main(void) {
  for (int k = 0; k < 16; k++) {
    uint32_t in[8], out[8], buf[8], expect[8];
    int mode = k & 3;
    for (int i = 0; i < 8; i++) in[i] = tb_rand32();
    for (int i = 0; i < 8; i++) out[i] = 0;
    uint32_t x = 0x9e3779b9u;
    for (int i = 0; i < 8; i++) buf[i] = in[i] ^ (x += 0x61c88647u);
    uint32_t acc = 0, res[8];
    for (int i = 0; i < 8; i++) {
      uint32_t v = (mode & 2) ? in[i] : buf[i];   /* read before the same index is written */
      acc = (acc << 3 | acc >> 29) + v;
      res[i] = v ^ acc;
      if (!(mode & 1)) buf[i] = res[i];
    }
    for (int i = 0; i < 8; i++) expect[i] = (mode & 1) ? res[i] : buf[7 - i];
    tb_check("ret", k, steer_walk(mode, in, out), acc);
    for (int i = 0; i < 8; i++) tb_check("out", 8 * k + i, out[i], expect[i]);
  }
  return tb_finish("steer_walk");
}
