// ap values from and to text, and hls_math.h's integer functions: `name value` lines for
// test_vitis_helpers.py. argv[1], when given, is parsed at run time (a C string that is not a literal).
#include <ap_int.h>
#include <hls_math.h>
#include <stdio.h>

#include <iostream>
#include <sstream>

template <class T>
static void show(const char* name, const T& x) {
  std::ostringstream text;
  text << x;
  printf("%s %s\n", name, text.str().c_str());
}

int main(int argc, char** argv) {
  show("hex_prefix", ap_uint<256>("0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFED"));
  show("radix16", ap_uint<32>("1f", 16));
  show("bin_prefix", ap_uint<32>("0b101"));
  show("radix10", ap_uint<32>("123", 10));
  show("default_hex", ap_uint<32>("ff"));
  show("oct_prefix", ap_uint<32>("0o17"));
  show("dec_prefix", ap_uint<32>("0d99"));
  show("negative", ap_int<8>("-5", 10));
  show("wraps", ap_uint<8>("0x1ff"));
  show("separators", ap_uint<32>("0xdead_beef"));
  constexpr ap_uint<64> folded("0xdeadbeef");
  show("constexpr", folded);
  show("runtime", ap_uint<16>(argc > 1 ? argv[1] : "0"));
  ap_int<8> n = -2;
  printf("to_string_bin %s\n", n.to_string().c_str());
  printf("to_string_dec %s\n", n.to_string(10).c_str());
  printf("to_string_signed %s\n", n.to_string(10, true).c_str());
  printf("to_string_hex_signed %s\n", n.to_string(16, true).c_str());
  printf("to_string_oct %s\n", ap_uint<8>(31).to_string(8).c_str());
  std::ostringstream os;
  ap_uint<12> v = 0xacd;
  os << std::hex << v << " " << std::showbase << v << " " << std::uppercase << v << std::dec << " " << n;
  printf("stream_flags %s\n", os.str().c_str());
  ap_uint<16> t = 0xabcd;
  show("range", t(7, 0));
  show("bit", t[0]);
  show("concat", (t(15, 8), t[1]));
  // hls_math.h
  show("abs_int", hls::abs(-7));
  show("abs_ap", hls::abs(ap_int<8>(-100)));
  show("abs_uint", hls::abs(ap_uint<8>(200)));
  show("min_ap", hls::min(ap_uint<8>(3), ap_uint<8>(9)));
  show("max_int", hls::max(-3, 2));
  show("sqrt_csim", hls::sqrt(2.25));
  return 0;
}
