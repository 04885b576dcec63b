#include <ap_int.h>
#include "tb_check.h"
void wide_out(ap_uint<128> a, ap_uint<128> *ct, ap_uint<128> *acc);
int main() {
  ap_uint<128> acc = 0, expected_acc = 0;
  for (int i = 0; i < 32; i++) {
    ap_uint<128> a = (ap_uint<128>(tb_rand32()) << 96) | (ap_uint<128>(tb_rand32()) << 64) |
                     (ap_uint<128>(tb_rand32()) << 32) | ap_uint<128>(tb_rand32());
    ap_uint<128> ct;
    wide_out(a, &ct, &acc);
    expected_acc = expected_acc + a;
    ap_uint<128> expected_ct = a ^ ap_uint<128>(1);
    for (int word = 0; word < 4; word++) {
      tb_check("wide_out ct", i * 4 + word, (ct >> (32 * word)).to_uint(), (expected_ct >> (32 * word)).to_uint());
      tb_check("wide_out acc", i * 4 + word, (acc >> (32 * word)).to_uint(), (expected_acc >> (32 * word)).to_uint());
    }
  }
  return tb_finish("wide_out");
}
