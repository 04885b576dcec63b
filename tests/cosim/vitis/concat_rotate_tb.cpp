#include <ap_int.h>
#include <stdio.h>

void concat_rotate(ap_uint<64> t, ap_uint<6> n, ap_uint<64>* bytes_rotated, ap_uint<64>* rotated);

int main() {
  const unsigned long long inputs[3] = {0x8123456789abcdefull, 0xff00ff00807f0180ull, 0x0123456789abcdefull};
  const int amounts[3] = {1, 17, 63};
  for (int i = 0; i < 3; i++) {
    ap_uint<64> a, b;
    concat_rotate(inputs[i], amounts[i], &a, &b);
    printf("%016llx %016llx\n", (unsigned long long)a.to_uint64(), (unsigned long long)b.to_uint64());
  }
  return 0;
}
