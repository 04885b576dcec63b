#include "tb_check.h"
void prefix_sum(const uint16_t in[16], uint32_t out[16]);
int main(void) {
  for (int t = 0; t < 8; t++) {
    uint16_t in[16];
    uint32_t out[16];
    for (int i = 0; i < 16; i++) in[i] = (uint16_t)tb_rand32();
    prefix_sum(in, out);
    for (int i = 0; i < 16; i++) {
      uint32_t sum = 0;
      for (int j = 0; j <= i; j++) sum += in[j];
      tb_check("prefix_sum", t * 16 + i, out[15 - i], sum ^ (uint32_t)i);
    }
  }
  return tb_finish("prefix_sum");
}
