#include "tb_check.h"
_BitInt(48) mac48(const short x[16], const short y[16], _BitInt(48) init);
static int64_t wrap48(int64_t v) {
  uint64_t u = (uint64_t)v & 0xffffffffffffull;
  return u >> 47 ? (int64_t)(u | 0xffff000000000000ull) : (int64_t)u;
}
int main(void) {
  for (int t = 0; t < 12; t++) {
    short x[16], y[16];
    int64_t acc = wrap48((int64_t)tb_rand64());
    int64_t init = acc;
    for (int i = 0; i < 16; i++) {
      x[i] = (short)tb_rand32();
      y[i] = (short)tb_rand32();
      acc = wrap48((int64_t)((uint64_t)acc + (uint64_t)((int64_t)x[i] * y[i] * 4099)));
    }
    int64_t got = (int64_t)mac48(x, y, (_BitInt(48))init);
    tb_check("mac48", t, (uint64_t)got, (uint64_t)acc);
  }
  return tb_finish("mac48");
}
