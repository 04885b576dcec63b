#include "tb_check.h"
int16_t arith16s(int16_t a, int16_t b);
static int32_t floor_div4(int32_t v) { return v >= 0 ? v / 4 : -((-v + 3) / 4); }
int main(void) {
  int16_t edges[][2] = {{-32768, 32767}, {32767, -32768}, {-1, 0}, {0, 1}, {-5, 2}};
  for (int i = 0; i < 5; i++) {
    int32_t t = edges[i][0] * 3 - edges[i][1];
    tb_check("edge", i, (uint16_t)arith16s(edges[i][0], edges[i][1]), (uint16_t)(int16_t)floor_div4(t));
  }
  for (int i = 0; i < 64; i++) {
    int16_t a = (int16_t)tb_rand32(), b = (int16_t)tb_rand32();
    int32_t t = a * 3 - b;
    tb_check("arith16s", i, (uint16_t)arith16s(a, b), (uint16_t)(int16_t)floor_div4(t));
  }
  return tb_finish("arith16s");
}
