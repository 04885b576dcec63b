#include "tb_check.h"
void partial_port_write(uint16_t h[4], uint8_t g[4], uint64_t *w, uint64_t *v, uint32_t a, uint32_t c);
int main(void) {
  for (int i = 0; i < 32; i++) {
    uint32_t a = tb_rand32(), c = (uint32_t)i ^ (tb_rand32() & ~3u);
    uint64_t w = tb_rand64(), v = tb_rand64(), mw = w, mv = v;
    uint16_t h[4], mh[4];
    uint8_t g[4], mg[4];
    for (int k = 0; k < 4; k++) {
      mh[k] = h[k] = (uint16_t)tb_rand32();
      mg[k] = g[k] = (uint8_t)tb_rand32();
    }
    /* the model: what each statement writes, the rest as it was */
    mh[2] = (uint16_t)a;
    mh[3] = (uint16_t)(a >> 16);
    if (c & 1)
      mg[0] = (uint8_t)(mg[1] + a);
    else
      mg[3] = (uint8_t)(mg[2] ^ c);
    mw = (mw & 0xffffffffull) | ((uint64_t)(a ^ c) << 32);
    mv = (c & 2) ? ((mv & ~0xffffffffull) | a) : ((mv & 0xffffffffull) | ((uint64_t)c << 32));
    partial_port_write(h, g, &w, &v, a, c);
    tb_check("partial_port_write_w", i, w, mw);
    tb_check("partial_port_write_v", i, v, mv);
    for (int k = 0; k < 4; k++) {
      tb_check("partial_port_write_h", 4 * i + k, h[k], mh[k]);
      tb_check("partial_port_write_g", 4 * i + k, g[k], mg[k]);
    }
  }
  return tb_finish("partial_port_write");
}
