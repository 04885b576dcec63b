#include "tb_check.h"
void minmax(const int32_t a[16], int32_t *mn, int32_t *mx);
int main(void) {
  for (int t = 0; t < 16; t++) {
    int32_t a[16], mn = 0, mx = 0;
    int64_t lo = 1ll << 40, hi = -(1ll << 40);
    for (int i = 0; i < 16; i++) {
      a[i] = (int32_t)tb_rand32();
      if (a[i] < lo) lo = a[i];
      if (a[i] > hi) hi = a[i];
    }
    minmax(a, &mn, &mx);
    tb_check("min", t, (uint32_t)mn, (uint32_t)(int32_t)lo);
    tb_check("max", t, (uint32_t)mx, (uint32_t)(int32_t)hi);
  }
  return tb_finish("minmax");
}
