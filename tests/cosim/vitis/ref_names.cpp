// A Vitis-style top (issue 32 item 9): outputs by reference, and arguments named like the identifiers
// the cosim wrapper declares for itself (w, cycles, done, ready, i, acc, word, ...). ap_ce is an array,
// as is a_ce, whose names the wrapper's memory locals used to be built from.
#include <ap_int.h>

void ref_names(ap_uint<64> w, ap_uint<8> cycles, ap_uint<8> done, ap_uint<8> ready, int i, int acc,
               int resumed, int b2b, int early_ready, int quiet, int last, int word, int sw, int fw,
               int in, const int a[4], const int a_ce[4], ap_uint<64>& out, int& sum) {
  out = w ^ (ap_uint<64>(cycles) << 56) ^ (ap_uint<64>(done) << 48) ^ (ap_uint<64>(ready) << 40);
  int s = i + acc + resumed + b2b + early_ready + quiet + last + word + sw + fw + in;
  for (int k = 0; k < 4; k++) s += a[k] * (k + 1) + a_ce[k] * 100;
  sum = s;
}
