#include <ap_int.h>
#include <stdio.h>

#define W1 (8 * 16)
#define W2 (2 * 16)

void width_expression(ap_uint<W1> g, ap_uint<W2> t, ap_uint<W1>& y);

int main() {
  for (int call = 0; call < 2; call++) {
    ap_uint<W1> g = (ap_uint<W1>(0x0123456789abcdefull + call) << 64) | ap_uint<W1>(0xfedcba9876543210ull);
    ap_uint<W1> y = 0;
    width_expression(g, 0x5a5a0000u + call, y);
    printf("%016llx%016llx\n", (unsigned long long)(y >> 64).to_uint64(), (unsigned long long)y.to_uint64());
  }
  return 0;
}
