#include "tb_check.h"
uint32_t goto_nested_loop(uint32_t seed, uint32_t rows, uint32_t cols, int resume);
static uint32_t model(uint32_t seed, uint32_t rows, uint32_t cols, int resume) {   /* without goto */
  uint32_t acc = seed;
  uint32_t r = resume ? rows >> 1 : 0;
  uint32_t c = resume ? cols >> 1 : 0;
  int mid = resume;
  while (mid || r < rows) {
    if (!mid) {
      acc = acc * 5 + r;
      c = 0;
    }
    while (mid || c < cols) {
      if (!mid)
        acc += c;
      mid = 0;
      acc = (acc << 1) ^ (acc >> 7) ^ (r * 16 + c);
      c++;
    }
    r++;
  }
  return acc;
}
int main(void) {
  for (int i = 0; i < 24; i++) {
    uint32_t seed = tb_rand32(), rows = tb_rand32() % 5, cols = tb_rand32() % 5;
    int resume = (i % 3) != 0;
    tb_check("gnl", i, goto_nested_loop(seed, rows, cols, resume), model(seed, rows, cols, resume));
  }
  return tb_finish("goto_nested_loop");
}
