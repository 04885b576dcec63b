// Concatenation, range reads and writes, bit access on ap_uint.
#include <ap_int.h>

ap_uint<32> apint_pack(ap_uint<8> a, ap_uint<8> b, ap_uint<16> c) {
  ap_uint<32> word = (a, b, c);
  word.range(11, 4) = word.range(27, 20) ^ c.range(7, 0);
  word[31] = c[0];
  return word;
}
