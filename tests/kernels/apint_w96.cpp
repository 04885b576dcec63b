// A local ap_uint<96> that clang reads back as i64 pieces (the word-slice path of the importer).
#include <ap_int.h>

ap_uint<64> apint_w96(ap_uint<64> hi, ap_uint<64> lo, ap_uint<32> c) {
  ap_uint<128> w = (hi, lo);
  ap_uint<96> iv = w.range(127, 32);
  ap_uint<128> x = (iv, c);
  return x.range(111, 48);
}
