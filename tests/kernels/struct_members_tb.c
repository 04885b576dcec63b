#include "tb_check.h"
uint32_t struct_members(const uint32_t key[8], uint32_t tweak, int which, int rounds);
int main(void) {
  uint32_t rk[2][8] = {{0}}, rounds_of[2] = {0, 0};
  for (int t = 0; t < 16; t++) {
    uint32_t key[8], tweak = tb_rand32();
    int which = (int)(tb_rand32() & 1), rounds = (int)(tb_rand32() % 20);
    for (int i = 0; i < 8; i++) key[i] = tb_rand32();
    for (int i = 0; i < 8; i++) rk[which][i] = ((key[i] << 1) | (key[i] >> 31)) ^ tweak;
    rounds_of[which] = (uint32_t)rounds;
    uint32_t x = 0x9e3779b9u;
    for (int i = 0; i < rounds; i++) {
      x += rk[which][i % 8] ^ (uint8_t)(tweak >> (8 * (i % 4)));
      x = ((x << 5) | (x >> 27)) ^ (uint32_t)i;
    }
    tb_check("ret", t, struct_members(key, tweak, which, rounds), x ^ rk[0][3] ^ rounds_of[1]);
  }
  return tb_finish("struct_members");
}
