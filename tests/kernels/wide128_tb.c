#include "tb_check.h"
unsigned _BitInt(128) wide128(unsigned _BitInt(128) a, unsigned _BitInt(128) b, unsigned _BitInt(72) *c);
/* Reference on four 32-bit limbs (little-endian), independent of _BitInt arithmetic. */
static void ref(const uint32_t a[4], const uint32_t b[4], uint32_t r[4], uint32_t c[3]) {
  uint32_t bs[4], sum[4], as[4], a50[4];
  for (int i = 3; i >= 0; i--) bs[i] = (b[i] << 7) | (i ? b[i - 1] >> 25 : 0);
  uint64_t carry = 0;
  for (int i = 0; i < 4; i++) {
    uint64_t t = (uint64_t)a[i] + bs[i] + carry;
    sum[i] = (uint32_t)t;
    carry = t >> 32;
  }
  for (int i = 0; i < 4; i++) { /* a >> 61 = (a >> 64) >> -3 ... limb shift by 1 then bits 29 */
    uint32_t lo = i + 1 < 4 ? a[i + 1] : 0, hi = i + 2 < 4 ? a[i + 2] : 0;
    as[i] = (lo >> 29) | (hi << 3);
  }
  for (int i = 0; i < 4; i++) r[i] = sum[i] ^ as[i];
  for (int i = 0; i < 4; i++) { /* a >> 50: limb shift by 1, then by 18 bits */
    uint32_t lo = i + 1 < 4 ? a[i + 1] : 0, hi = i + 2 < 4 ? a[i + 2] : 0;
    a50[i] = (lo >> 18) | (hi << 14);
  }
  c[0] = a50[0] ^ b[0];
  c[1] = a50[1] ^ b[1];
  c[2] = (a50[2] ^ b[2]) & 0xff;
}
int main(void) {
  for (int t = 0; t < 24; t++) {
    uint32_t a[4], b[4], r[4], c[3];
    unsigned _BitInt(128) A = 0, B = 0;
    for (int i = 3; i >= 0; i--) {
      a[i] = tb_rand32();
      b[i] = tb_rand32();
      A = (A << 32) | a[i];
      B = (B << 32) | b[i];
    }
    unsigned _BitInt(72) C = 0;
    unsigned _BitInt(128) R = wide128(A, B, &C);
    ref(a, b, r, c);
    for (int i = 0; i < 4; i++) tb_check("ret", t * 4 + i, (uint32_t)(R >> (32 * i)), r[i]);
    for (int i = 0; i < 3; i++) tb_check("c", t * 3 + i, (uint32_t)(C >> (32 * i)), c[i]);
  }
  return tb_finish("wide128");
}
