#include "tb_check.h"
_BitInt(20) bitint20s(_BitInt(20) a, _BitInt(20) b);
static int32_t wrap20(int64_t v) {
  v &= 0xfffff;
  return (int32_t)(v >= 0x80000 ? v - 0x100000 : v);
}
int main(void) {
  for (int i = 0; i < 64; i++) {
    int32_t a = wrap20(tb_rand32()), b = wrap20(tb_rand32());
    int32_t shifted = a >= 0 ? a / 8 : -((-a + 7) / 8); /* floor division = arithmetic shift */
    int32_t expected = wrap20((int64_t)shifted - (int64_t)b * 5);
    tb_check("bitint20s", i, (uint32_t)(int32_t)bitint20s((_BitInt(20))a, (_BitInt(20))b), (uint32_t)expected);
  }
  return tb_finish("bitint20s");
}
