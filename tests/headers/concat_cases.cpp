// Concatenation (a, b) of ap values, ranges and bits: prints `name value` (hex) for test_concat.py.
#include <ap_int.h>
#include <stdio.h>

template <class T>
static void out(const char* name, const T& x) {
  printf("%s %llx %d %d\n", name, (unsigned long long)ap_uint<64>(x).to_uint64(), int(x.length()), int(std::decay_t<decltype(ap_as(x))>::width));
}

int main(int argc, char**) {
  ap_uint<16> t = 0xa5c3;
  ap_uint<8> cin = 0x5a;
  const ap_uint<4> k = 0x9;
  // range and bit of variables (the form C's comma turned into `cin[1]`)
  out("range_bit", (t(6, 0), cin[1]));
  out("bit_range", (cin[1], t(15, 13)));
  out("value_range", (k, t(3, 0)));
  out("range_range", (t(15, 8), t(7, 4)));
  out("three", (k, t(3, 0), cin[3]));
  out("temporary", (ap_uint<3>(5) + 1, k));
  out("c_int", (k, (unsigned char)0x7e));
  out("bool_low", (t(2, 0), true));
  out("const_bit", (k[0], k));   // a const value's bit is a bool: one C operand is enough
  // runtime bounds: the value uses the range's length, as when the bounds are variables
  int n = argc + 3;   // 4
  out("runtime_len", (t(15, n), t(n - 1, 0)));
  // a byte-wise rotate with carries, written in place
  ap_uint<16> r = 0x8143;
  ap_uint<2> c = 0;
  c[1] = r[7];
  for (int j = 0; j < 2; j++) r(8 * j + 7, 8 * j) = (r(8 * j + 6, 8 * j), c[j]);
  out("rotate_in_place", r);
  // as an lvalue: the low part gets the low bits
  ap_uint<4> hi = 0;
  ap_uint<8> lo = 0;
  (hi, lo) = ap_uint<12>(0xabc);
  out("assign_hi", hi);
  out("assign_lo", lo);
  (hi, lo) = (lo, hi);   // a swap: the right side is read before any part is written
  out("swap_hi", hi);
  out("swap_lo", lo);
  ap_int<8> s = 0;
  (t(3, 0), s, cin[0]) = -1;   // -1 fills all 4 + 8 + 1 bits
  out("assign_signed", s);
  out("assign_range", t);
  out("assign_bit", cin);
  // in expressions
  out("xor", (hi, lo) ^ 0xfff);
  out("shift", (hi, lo) << 4);
  printf("compare %d\n", int((hi, lo) == ap_uint<12>(0xcab)));
  printf("to_uint %x\n", (t(7, 4), cin(3, 0)).to_uint());
  int plain = (k, k);
  printf("to_int %x\n", plain);
  return 0;
}
