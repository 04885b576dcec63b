// Signed ap_int multiply-accumulate with an arithmetic shift; the result wraps at 20 bits.
#include <ap_int.h>

ap_int<20> apint_mac(ap_int<10> a, ap_int<10> b, ap_int<20> c) {
  ap_int<20> p = a * b;
  return (p >> 1) + c;
}
