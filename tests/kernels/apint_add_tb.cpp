#include <ap_int.h>
#include "tb_check.h"
ap_uint<12> apint_add(ap_uint<12> a, ap_uint<12> b, ap_uint<5> c);
int main() {
  for (int i = 0; i < 64; i++) {
    uint32_t a = tb_rand32() & 0xfff, b = tb_rand32() & 0xfff, c = tb_rand32() & 31;
    uint32_t expected = (((a + b) & 0xfff) - c * 3) & 0xfff;
    tb_check("apint_add", i, apint_add(a, b, c).to_uint(), expected);
  }
  return tb_finish("apint_add");
}
