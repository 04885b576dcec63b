// Prints `name value` lines (values in decimal) for test_headers.py to compare with Python integers.
#include <ap_int.h>
#include <stdio.h>

#include <string>

static void out(const char* name, long long v) { printf("%s %lld\n", name, v); }
static void outu(const char* name, unsigned long long v) { printf("%s %llu\n", name, v); }

// Prints a wide unsigned value as hex (most significant first), to check widths beyond 64 bits.
template <int N>
static void outhex(const char* name, const ap_uint<N>& x) {
  std::string digits;
  for (int i = 0; i < N; i += 4) digits.insert(digits.begin(), "0123456789abcdef"[x.range(i + 3 < N ? i + 3 : N - 1, i).to_uint()]);
  printf("%s 0x%s\n", name, digits.c_str());
}

int main() {
  // wrap-around on assignment
  ap_uint<8> a = 250, b = 10;
  ap_uint<8> sum8 = a + b;
  outu("u8_wrap_add", sum8.to_uint());
  outu("u8_exact_add", (a + b).to_uint());
  out("u8_add_width", (a + b).length());
  ap_uint<7> u7 = 0;
  u7 -= 1;
  outu("u7_minus_one", u7.to_uint());
  ap_int<5> s5 = 15;
  s5 += 1;
  out("s5_overflow", s5.to_int());
  ap_int<1> s1 = 1;
  out("s1_one", s1.to_int());
  ap_uint<1> u1 = 3;
  outu("u1_three", u1.to_uint());
  ap_uint<64> u64 = 0xffffffffffffffffull;
  u64 += 2;
  outu("u64_wrap", u64.to_uint64());
  ap_uint<65> u65 = 0xffffffffffffffffull;
  u65 += 1;
  outu("u65_bit64", (unsigned long long)u65[64]);
  ap_uint<1024> big = 1;
  big <<= 1023;
  big += big;  // wraps to 0 at 1024 bits
  outu("u1024_wrap_zero", (unsigned long long)(big == 0));
  ap_uint<128> wide = 0x0123456789abcdefull;
  wide = (wide << 64) | ap_uint<128>(0xfedcba9876543210ull);
  outhex("u128_concat_shift", wide);
  // signed arithmetic and shifts
  ap_int<8> neg = -100;
  out("s8_shr2", (neg >> 2).to_int());
  out("s8_shl1_wrap", (neg << 1).to_int());
  ap_uint<8> pos = 0x96;
  outu("u8_shr3", (pos >> 3).to_uint());
  outu("u8_shl3_keeps_width", (pos << 3).to_uint());
  outu("u8_shift_by_width", (pos << 8).to_uint());
  out("s8_shr_by_width", (neg >> 9).to_int());
  out("s8_shift_negative_count", (ap_int<8>(3) << -1).to_int());
  out("s16_mul", (ap_int<16>(-300) * ap_int<16>(200)).to_int());
  out("s16_div", (ap_int<16>(-301) / 7).to_int());
  out("s16_mod", (ap_int<16>(-301) % 7).to_int());
  out("mixed_sub", (ap_uint<4>(3) - ap_uint<4>(5)).to_int());
  out("neg_u8", (-ap_uint<8>(200)).to_int());
  outu("not_u12", (~ap_uint<12>(0x0f0)).to_uint());
  // comparisons are mathematical
  out("cmp_u8_gt_minus1", ap_uint<8>(255) > -1);
  out("cmp_s8_lt_u8", ap_int<8>(-1) < ap_uint<8>(0));
  out("cmp_eq_wide", ap_uint<100>(7) == 7);
  // range and bit access
  ap_uint<16> r = 0xabcd;
  outu("range_read", r.range(11, 4).to_uint());
  outu("call_read", r(15, 12).to_uint());
  r.range(7, 4) = 0x3;
  outu("range_write", r.to_uint());
  r(15, 8) = ap_uint<8>(0x1ff);
  outu("call_write_truncates", r.to_uint());
  r[0] = 0;
  r[15] = 1;
  outu("bit_write", r.to_uint());
  out("bit_read", r[1]);
  ap_int<8> sr = -1;
  sr.range(7, 4) = 0;
  out("signed_range_write", sr.to_int());
  // concatenation
  ap_uint<4> hi = 0xa;
  ap_uint<12> lo = 0x5c3;
  outu("comma_concat", (hi, lo).to_uint());
  outu("concat_helper", concat(lo, hi).to_uint());
  out("concat_width", concat(hi, lo).length());
  // reductions, conversions
  out("xor_reduce", ap_uint<9>(0x107).xor_reduce());
  out("and_reduce", ap_uint<3>(7).and_reduce());
  int table[4] = {10, 20, 30, 40};
  ap_uint<2> idx = 6;  // wraps to 2
  out("array_index", table[idx]);
  int plain = ap_int<6>(-5);
  out("to_c_int", plain);
  out("to_int64", ap_int<40>(-5).to_int64());
  unsigned count = 0;
  for (ap_uint<3> i = 0; i < 5; ++i) count++;
  out("loop_count", count);
  return 0;
}
