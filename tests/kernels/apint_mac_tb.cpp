#include <ap_int.h>
#include "tb_check.h"
ap_int<20> apint_mac(ap_int<10> a, ap_int<10> b, ap_int<20> c);
static int32_t wrap(int64_t v, int bits) {
  int64_t m = (int64_t)1 << bits;
  v &= m - 1;
  return (int32_t)(v >= m / 2 ? v - m : v);
}
int main() {
  for (int i = 0; i < 64; i++) {
    int32_t a = wrap(tb_rand32(), 10), b = wrap(tb_rand32(), 10), c = wrap(tb_rand32(), 20);
    int64_t p = (int64_t)a * b;
    int64_t half = p >= 0 ? p / 2 : -((-p + 1) / 2);
    tb_check("apint_mac", i, (uint32_t)apint_mac(a, b, c).to_int(), (uint32_t)wrap(half + c, 20));
  }
  return tb_finish("apint_mac");
}
