#include "tb_check.h"
uint32_t duff_switch(const uint8_t data[64], uint32_t count);
static uint32_t model(const uint8_t data[64], uint32_t count) {   /* FNV-1a, one byte per pass */
  uint32_t h = 0x811c9dc5u;
  for (uint32_t k = 0; k < count; k++)
    h = (h ^ data[k]) * 16777619u;
  return h;
}
int main(void) {
  uint8_t data[64];
  for (int i = 0; i < 64; i++)
    data[i] = (uint8_t)tb_rand32();
  for (uint32_t count = 0; count <= 64; count += (count < 20 ? 1 : 7))
    tb_check("duff", (int)count, duff_switch(data, count), model(data, count));
  return tb_finish("duff_switch");
}
