#include <ap_int.h>
#include "tb_check.h"
ap_uint<64> apint_wide_by_value(ap_uint<256> key, ap_uint<64> x);
int main() {
    for (int n = 0; n < 16; n++) {
        ap_uint<256> key = 0;
        uint64_t w[4];
        for (int i = 0; i < 4; i++) {
            w[i] = tb_rand64();
            key.range(64 * i + 63, 64 * i) = w[i];
        }
        uint64_t x = tb_rand64(), want = x;
        for (int i = 0; i < 4; i++) want ^= w[i] + (uint64_t)i;
        tb_check("acc", n, apint_wide_by_value(key, x).to_uint64(), want);
    }
    return tb_finish("apint_wide_by_value");
}
