#include <ap_int.h>
#include <stdio.h>

void ref_names(ap_uint<64> w, ap_uint<8> cycles, ap_uint<8> done, ap_uint<8> ready, int i, int acc,
               int resumed, int b2b, int early_ready, int quiet, int last, int word, int sw, int fw,
               int in, const int a[4], const int a_ce[4], ap_uint<64>& out, int& sum);

int main() {
  const int a[4] = {1, 2, 3, 4}, a_ce[4] = {5, 6, 7, 8};
  for (int call = 0; call < 2; call++) {
    ap_uint<64> out = 0;
    int sum = 0;
    ref_names(0x0123456789abcdefull + call, 0x11, 0x22, 0x33, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 + call, a, a_ce, out, sum);
    printf("%016llx %d\n", (unsigned long long)out.to_uint64(), sum);
  }
  return 0;
}
