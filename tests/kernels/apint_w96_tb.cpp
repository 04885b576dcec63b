#include <ap_int.h>
#include "tb_check.h"
ap_uint<64> apint_w96(ap_uint<64> hi, ap_uint<64> lo, ap_uint<32> c);
int main() {
  for (int i = 0; i < 32; i++) {
    uint64_t hi = ((uint64_t)tb_rand32() << 32) | tb_rand32(), lo = ((uint64_t)tb_rand32() << 32) | tb_rand32();
    uint32_t c = tb_rand32();
    /* x = hi:lo[127:32] : c, bits 111..48 of x = bits 79..16 of hi:lo[127:32] = bits 111..48 of hi:lo */
    uint64_t want = (hi << 16) | (lo >> 48);
    ap_uint<64> got = apint_w96(hi, lo, c);
    tb_check("apint_w96_hi", i, (uint32_t)(got >> 32).to_uint64(), (uint32_t)(want >> 32));
    tb_check("apint_w96_lo", i, (uint32_t)got.to_uint64(), (uint32_t)want);
  }
  return tb_finish("apint_w96");
}
