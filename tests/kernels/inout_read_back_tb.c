#include "tb_check.h"
void inout_read_back(uint32_t *r, uint32_t *s, uint64_t *w, uint32_t t[4], uint16_t h[4], uint32_t a, uint32_t b);
int main(void) {
  for (int i = 0; i < 32; i++) {
    uint32_t a = tb_rand32(), b = tb_rand32(), r = tb_rand32(), s = tb_rand32();
    uint64_t w = ((uint64_t)tb_rand32() << 32) | tb_rand32();
    uint32_t t[4], mt[4];
    uint16_t h[4], mh[4];
    for (int k = 0; k < 4; k++) {
      mt[k] = t[k] = tb_rand32();
      mh[k] = h[k] = (uint16_t)tb_rand32();
    }
    /* the model, on locals */
    uint32_t mr = a + 1u, ms = b + mr;
    uint64_t mw = w;
    for (uint32_t k = 0; k < 4; k++) {
      mw = (mw << 8) ^ mr;
      mr = mr * 3u + k;
    }
    mw ^= (uint64_t)ms << 32;
    ms ^= (uint32_t)mw;
    mt[0] = a;
    mt[1] = mt[0] ^ mt[3];
    mh[0] = (uint16_t)(mh[0] ^ a);
    mh[1] = (uint16_t)(mh[1] + 1);
    mh[2] = (uint16_t)b;
    mh[3] = (uint16_t)(mh[2] + mh[0]);
    ms += 3;
    inout_read_back(&r, &s, &w, t, h, a, b);
    tb_check("inout_read_back_r", i, r, mr);
    tb_check("inout_read_back_s", i, s, ms);
    tb_check("inout_read_back_w", i, w, mw);
    for (int k = 0; k < 4; k++) {
      tb_check("inout_read_back_t", 4 * i + k, t[k], mt[k]);
      tb_check("inout_read_back_h", 4 * i + k, h[k], mh[k]);
    }
  }
  return tb_finish("inout_read_back");
}
