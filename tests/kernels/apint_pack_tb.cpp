#include <ap_int.h>
#include "tb_check.h"
ap_uint<32> apint_pack(ap_uint<8> a, ap_uint<8> b, ap_uint<16> c);
int main() {
  for (int i = 0; i < 64; i++) {
    uint32_t a = tb_rand32() & 0xff, b = tb_rand32() & 0xff, c = tb_rand32() & 0xffff;
    uint32_t w = (a << 24) | (b << 16) | c;
    uint32_t field = ((w >> 20) & 0xff) ^ (c & 0xff);
    w = (w & ~0xff0u) | (field << 4);
    w = (w & 0x7fffffffu) | ((c & 1u) << 31);
    tb_check("apint_pack", i, apint_pack(a, b, c).to_uint(), w);
  }
  return tb_finish("apint_pack");
}
