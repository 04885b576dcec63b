#include "tb_check.h"
uint64_t bitfields(uint32_t x, uint32_t op);
/* The same struct and operations, compiled natively here: C's own bit-field semantics are the model. */
#pragma pack(push)
#pragma pack(1)
struct m_packed3 { unsigned a : 5; signed b : 16; unsigned c : 3; };
#pragma pack(pop)
struct m_outer { uint32_t w; unsigned f : 17; int8_t s; struct m_packed3 p; int64_t q; int16_t h; };
static struct m_outer m = {7u, 336, -15, {3, -166, 1}, -2, -1};
static uint64_t model(uint32_t x, uint32_t op) {
  switch (op & 3) {
  case 0: m.p.b = (int16_t)x; break;
  case 1: m.f = x; break;
  case 2: m.p.a = x; m.p.c = x >> 5; break;
  default: m.s = (int8_t)x; break;
  }
  return ((uint64_t)(uint32_t)m.p.b << 32) ^ ((uint64_t)m.f << 8) ^ m.p.a ^ ((uint64_t)m.p.c << 5)
         ^ (uint64_t)(int64_t)m.s ^ (uint64_t)m.q ^ m.w ^ (uint64_t)(uint16_t)m.h;
}
int main(void) {
  for (int i = 0; i < 40; i++) {
    uint32_t x = tb_rand32(), op = tb_rand32();
    uint64_t want = model(x, op);
    tb_check("bitfields", i, bitfields(x, op), want);
  }
  return tb_finish("bitfields");
}
