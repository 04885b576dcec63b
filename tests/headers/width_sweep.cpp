// Every ap_int.h operation a design commonly uses, instantiated for many widths in one translation
// unit (test_widths.py compiles it as `cryptohls compile` does). clang-19 used to crash on some widths.
#include <ap_int.h>

#include <utility>

template <int N>
void ops(ap_uint<64> p, void** outs) {
  ap_uint<N> t = 0;
  t.range(N > 64 ? 63 : N - 1, 0) = p;
  t[N - 1] = p[3];
  t(N - 1, N - 1) = t[0];
  ap_uint<N> u = (t << 3) ^ (t >> 2) ^ (t + p) ^ (t * 3) ^ ~t;
  u |= ap_uint<N>(t(N - 1, N / 2));
  ap_int<N> s = -t;
  s >>= p(2, 0);
  s = s < 0 ? s : ap_int<N>(s + 1);
  ap_uint<N + 1> c = (t[0], u);
  (t[1], u) = c;
  *static_cast<ap_uint<N>*>(outs[0]) = u ^ t ^ ap_uint<N>(c.or_reduce());
  *static_cast<ap_int<N>*>(outs[1]) = s;
}

template <int... W>
void some(std::integer_sequence<int, W...>, ap_uint<64> p, void** outs) {
  int dummy[] = {(ops<W>(p, outs), 0)...};
  (void)dummy;
}

/* WIDTHS: a comma-separated list of widths */
void sweep(ap_uint<64> p, void** outs) { some(std::integer_sequence<int, WIDTHS>(), p, outs); }
