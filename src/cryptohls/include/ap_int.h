/* ap_int.h — arbitrary-precision integers for HLS C++: ap_uint<N> and ap_int<N>, 1 <= N <= 1024.
 *
 * Part of cryptohls (docs/hls-c-guide.md). A thin C++17 wrapper over clang's bit-precise integers
 * (`unsigned _BitInt(N)` / `_BitInt(N)`, a C23 type clang accepts in C++ as an extension), so the same
 * source compiles natively for C simulation (clang++-19) and through the cryptohls HLS frontend.
 * Everything is constexpr/inline; there is no heap, and I/O (to_string, <<) only for C simulation.
 *
 * Semantics follow the usual HLS library conventions:
 * - default construction leaves the value unspecified (trivial, like a C integer; Vitis HLS does the same);
 * - assignment and construction wrap the value to N bits (two's complement for ap_int);
 * - +, -, *, /, %, &, |, ^ between two operands (ap types or C integers, an `int` acting as ap_int<32>)
 *   return an ap type wide enough for the exact result: + and - give max(width)+1 bits, * gives the sum
 *   of the widths; the result is signed if either operand is (subtraction always is); comparisons
 *   compare mathematical values (ap_uint<8>(255) > -1 is true);
 * - << and >> keep the type of the left operand (bits shifted out are lost, >> of ap_int is
 *   arithmetic); a shift by N or more bits gives 0 (or -1 for a negative ap_int shifted right);
 *   a negative signed shift count shifts the other way;
 * - x[i] reads or writes one bit; x.range(hi, lo) and x(hi, lo) read or write bits hi..lo (reads give
 *   an unsigned value, writes keep the other bits); (a, b), ap_concat(a, b) and concat(a, b)
 *   concatenate values, ranges, bits and C integers, a in the high bits (ap_int_concat.h);
 * - to_uint(), to_int(), to_uint64(), to_int64(), to_bool(), length(), and_reduce(), or_reduce(),
 *   xor_reduce(); the raw bit-precise value is the public member V and an implicit conversion, so an ap
 *   value indexes arrays, drives `if` and `switch`, and converts to any C integer type.
 * - ap_uint<N>("0x...") and ap_uint<N>("...", radix), to_string(radix, sign) and `<<` to a std::ostream
 *   (ap_int_string.h).
 * Not provided: fixed-point types (ap_fixed).
 */
#ifndef CRYPTOHLS_AP_INT_H
#define CRYPTOHLS_AP_INT_H

#if !defined(__clang__) || !defined(__cplusplus) || __cplusplus < 201703L
#error "ap_int.h needs clang++ (it builds on _BitInt) in C++17 mode or later: clang++-19 -std=c++17"
#endif

#include <stdint.h>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#ifndef AP_INT_MAX_W   // Vitis code may set it (e.g. to 4096) before including ap_int.h: widths are not limited here
#define AP_INT_MAX_W 1024
#endif

/* clang-19 crash (issue 32 item 10): clang++-19 segfaults in code generation (EmitAutoVarInit) on a
 * `const` local variable of a _BitInt type whose initialiser is not a constant, for some widths only
 * (129-192, 259-320, 400, ...). So no function in these headers declares a const _BitInt local: such
 * locals are plain (their values never change anyway). tests/headers/test_widths.py sweeps the widths.
 */

template <int N, bool S>
class ap_int_base;
template <int N>
class ap_uint;
template <int N>
class ap_int;
template <int N, bool S>
class ap_range_ref;
template <int N, bool S>
class ap_bit_ref;
template <class Hi, class Lo>
class ap_concat_ref;

namespace ap_detail {

/* Storage: signed _BitInt needs at least 2 bits, so ap_int<1> keeps its value (-1 or 0) in 2 bits. */
template <int N, bool S>
struct storage {
  using type = unsigned _BitInt(N);
};
template <int N>
struct storage<N, true> {
  using type = _BitInt(N < 2 ? 2 : N);
};

template <int N, bool S>
using ap_type = std::conditional_t<S, ap_int<N>, ap_uint<N>>;

constexpr int max_int(int a, int b) { return a > b ? a : b; }

/* Width and signedness of C integers and raw _BitInt values, as ap operands. */
template <class T, class = void>
struct int_info {
  static constexpr bool ok = false;
};
template <class T>
struct int_info<T, std::enable_if_t<std::is_integral_v<T>>> {
  static constexpr bool ok = true;
  static constexpr int width = std::is_same_v<T, bool> ? 1 : int(sizeof(T) * 8);
  static constexpr bool is_signed = std::is_signed_v<T>;
};
template <int N>
struct int_info<_BitInt(N)> {
  static constexpr bool ok = true;
  static constexpr int width = N;
  static constexpr bool is_signed = true;
};
template <int N>
struct int_info<unsigned _BitInt(N)> {
  static constexpr bool ok = true;
  static constexpr int width = N;
  static constexpr bool is_signed = false;
};

struct ap_tag {};  // common base: lets the operator templates recognise ap types and their proxies

template <class T>
constexpr bool is_ap_like = std::is_base_of_v<ap_tag, std::remove_cv_t<std::remove_reference_t<T>>>;
template <class T>
constexpr bool is_operand = is_ap_like<T> || int_info<std::remove_cv_t<std::remove_reference_t<T>>>::ok;
template <class L, class R>
constexpr bool binary_ok = (is_ap_like<L> || is_ap_like<R>) && is_operand<L> && is_operand<R>;

}  // namespace ap_detail

/* Any operand as an ap value: ap types as they are, proxies as ap_uint, C integers at their width
 * (declared here, defined once the classes are complete). */
template <int N, bool S>
constexpr const ap_int_base<N, S>& ap_as(const ap_int_base<N, S>& x);
template <int N, bool S>
constexpr ap_uint<N> ap_as(const ap_range_ref<N, S>& x);
template <int N, bool S>
constexpr ap_uint<1> ap_as(const ap_bit_ref<N, S>& x);
template <class T, class I = ap_detail::int_info<T>, std::enable_if_t<I::ok, int> = 0>
constexpr ap_detail::ap_type<I::width, I::is_signed> ap_as(T x);
template <class Hi, class Lo>
constexpr ap_uint<Hi::width + Lo::width> ap_as(const ap_concat_ref<Hi, Lo>& x);

/* Read/write reference to bit i of an ap value. */
template <int N, bool S>
class ap_bit_ref : public ap_detail::ap_tag {
 public:
  constexpr ap_bit_ref(ap_int_base<N, S>& target, int index) : target_(target), index_(index) {}
  constexpr operator bool() const { return target_.test(index_); }
  constexpr ap_bit_ref& operator=(unsigned long long value) {
    target_.set_bit(index_, value != 0);
    return *this;
  }
  constexpr ap_bit_ref& operator=(const ap_bit_ref& other) { return *this = (unsigned long long)bool(other); }
  constexpr bool operator~() const { return !bool(*this); }
  constexpr bool operator!() const { return !bool(*this); }
  constexpr bool to_bool() const { return bool(*this); }
  static constexpr int length() { return 1; }

 private:
  ap_int_base<N, S>& target_;
  int index_;
};

/* Read/write reference to bits hi..lo of an ap value; reads as ap_uint<N> (zero-extended). */
template <int N, bool S>
class ap_range_ref : public ap_detail::ap_tag {
 public:
  using raw_t = unsigned _BitInt(N);
  constexpr ap_range_ref(ap_int_base<N, S>& target, int hi, int lo) : target_(target), hi_(hi), lo_(lo) {}
  constexpr ap_uint<N> get() const { return ap_uint<N>(raw()); }
  constexpr operator raw_t() const { return raw(); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_range_ref& operator=(const T& value) {
    raw_t field = static_cast<raw_t>(ap_as(value).V) & mask();  // not const: see "clang-19 crash" above
    raw_t bits = static_cast<raw_t>(target_.V);
    target_ = ap_uint<N>((bits & ~(mask() << lo_)) | (field << lo_));
    return *this;
  }
  constexpr ap_range_ref& operator=(const ap_range_ref& other) { return *this = other.get(); }
  constexpr int length() const { return hi_ - lo_ + 1; }
  constexpr unsigned to_uint() const { return (unsigned)raw(); }
  constexpr int to_int() const { return (int)raw(); }
  constexpr uint64_t to_uint64() const { return (uint64_t)raw(); }
  constexpr int64_t to_int64() const { return (int64_t)raw(); }

 private:
  constexpr raw_t mask() const {
    const int w = hi_ - lo_ + 1;
    return w >= N ? ~raw_t(0) : ((raw_t(1) << w) - 1);
  }
  constexpr raw_t raw() const { return (static_cast<raw_t>(target_.V) >> lo_) & mask(); }

  ap_int_base<N, S>& target_;
  int hi_;
  int lo_;
};

template <int N, bool S>
class ap_int_base : public ap_detail::ap_tag {
  static_assert(N >= 1, "ap_int width must be at least 1");

 public:
  using raw_t = typename ap_detail::storage<N, S>::type;
  raw_t V;  // the value, already wrapped to N bits

  static constexpr int width = N;
  static constexpr bool is_signed = S;

  /* Wraps any integer value to N bits (sign bit N-1 for ap_int). */
  template <class T>
  static constexpr raw_t wrap(T x) {
    if constexpr (S && N == 1) {
      return (x & 1) ? raw_t(-1) : raw_t(0);
    } else {
      return static_cast<raw_t>(x);
    }
  }

  /* Default construction leaves the value unspecified, as in Vitis HLS ("arrays are not automatically
   * initialized", UG1399): trivial, so an array of ap values needs no construction loop. */
  ap_int_base() = default;
  template <int M, bool S2>
  constexpr ap_int_base(const ap_int_base<M, S2>& other) : V(wrap(other.V)) {}
  template <int M, bool S2>
  constexpr ap_int_base(const ap_range_ref<M, S2>& ref) : V(wrap(ref.get().V)) {}
  template <int M, bool S2>
  constexpr ap_int_base(const ap_bit_ref<M, S2>& ref) : V(wrap((unsigned)bool(ref))) {}
  template <class Hi, class Lo>
  constexpr ap_int_base(const ap_concat_ref<Hi, Lo>& c) : V(wrap(c.bits())) {}
  template <class T, std::enable_if_t<ap_detail::int_info<T>::ok, int> = 0>
  constexpr ap_int_base(T x) : V(wrap(x)) {}
  /* From text (ap_int_string.h): a literal, or (C simulation) any C string; radix 2, 8, 10, 16 or 0. */
  template <std::size_t L>
  constexpr ap_int_base(const char (&text)[L], int radix = 0);
  template <class P, std::enable_if_t<std::is_same_v<P, const char*> || std::is_same_v<P, char*>, int> = 0>
  constexpr ap_int_base(P text, int radix = 0);

  constexpr operator raw_t() const { return V; }

  static constexpr int length() { return N; }
  constexpr unsigned to_uint() const { return (unsigned)V; }
  constexpr int to_int() const { return (int)V; }
  constexpr uint64_t to_uint64() const { return (uint64_t)V; }
  constexpr int64_t to_int64() const { return (int64_t)V; }
  constexpr unsigned long to_ulong() const { return (unsigned long)V; }
  constexpr long to_long() const { return (long)V; }
  constexpr bool to_bool() const { return V != 0; }
  std::string to_string(int radix = 2, bool sign = false) const;

  constexpr bool test(int i) const { return ((static_cast<unsigned _BitInt(N < 2 ? 2 : N)>(V) >> i) & 1) != 0; }
  constexpr void set_bit(int i, bool value) {
    using U = unsigned _BitInt(N < 2 ? 2 : N);
    U bits = static_cast<U>(V);
    bits = value ? (bits | (U(1) << i)) : (bits & ~(U(1) << i));
    V = wrap(bits);
  }
  constexpr bool operator[](int i) const { return test(i); }
  constexpr ap_bit_ref<N, S> operator[](int i) { return ap_bit_ref<N, S>(*this, i); }
  constexpr ap_range_ref<N, S> range(int hi, int lo) { return ap_range_ref<N, S>(*this, hi, lo); }
  constexpr ap_range_ref<N, S> operator()(int hi, int lo) { return range(hi, lo); }
  constexpr ap_uint<N> range(int hi, int lo) const {
    ap_int_base copy = *this;
    return copy.range(hi, lo).get();
  }
  constexpr ap_uint<N> operator()(int hi, int lo) const { return range(hi, lo); }

  constexpr bool and_reduce() const { return static_cast<unsigned _BitInt(N)>(V) == ~static_cast<unsigned _BitInt(N)>(0); }
  constexpr bool or_reduce() const { return V != 0; }
  constexpr bool xor_reduce() const {
    bool parity = false;
    for (int i = 0; i < N; i++) parity ^= test(i);
    return parity;
  }

  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator+=(const T& x) { return assign(*this + x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator-=(const T& x) { return assign(*this - x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator*=(const T& x) { return assign(*this * x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator/=(const T& x) { return assign(*this / x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator%=(const T& x) { return assign(*this % x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator&=(const T& x) { return assign(*this & x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator|=(const T& x) { return assign(*this | x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator^=(const T& x) { return assign(*this ^ x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator<<=(const T& x) { return assign(*this << x); }
  template <class T, std::enable_if_t<ap_detail::is_operand<T>, int> = 0>
  constexpr ap_int_base& operator>>=(const T& x) { return assign(*this >> x); }

  constexpr ap_int_base& operator++() { return assign(*this + 1); }
  constexpr ap_int_base& operator--() { return assign(*this - 1); }
  constexpr ap_int_base operator++(int) {
    ap_int_base old = *this;
    ++*this;
    return old;
  }
  constexpr ap_int_base operator--(int) {
    ap_int_base old = *this;
    --*this;
    return old;
  }

  constexpr ap_detail::ap_type<N, S> operator~() const { return ap_detail::ap_type<N, S>(~V); }
  constexpr ap_detail::ap_type<N, S> operator+() const { return ap_detail::ap_type<N, S>(V); }
  constexpr ap_int<N + 1> operator-() const { return ap_int<N + 1>(-static_cast<_BitInt(N + 1)>(V)); }
  constexpr bool operator!() const { return V == 0; }

 private:
  template <int M, bool S2>
  constexpr ap_int_base& assign(const ap_int_base<M, S2>& x) {
    V = wrap(x.V);
    return *this;
  }
};

template <int N>
class ap_uint : public ap_int_base<N, false> {
 public:
  using ap_int_base<N, false>::ap_int_base;
  ap_uint() = default;
  constexpr ap_uint(const ap_int_base<N, false>& x) : ap_int_base<N, false>(x) {}
};

template <int N>
class ap_int : public ap_int_base<N, true> {
 public:
  using ap_int_base<N, true>::ap_int_base;
  ap_int() = default;
  constexpr ap_int(const ap_int_base<N, true>& x) : ap_int_base<N, true>(x) {}
};

template <int N, bool S>
constexpr const ap_int_base<N, S>& ap_as(const ap_int_base<N, S>& x) { return x; }
template <int N, bool S>
constexpr ap_uint<N> ap_as(const ap_range_ref<N, S>& x) { return x.get(); }
template <int N, bool S>
constexpr ap_uint<1> ap_as(const ap_bit_ref<N, S>& x) { return ap_uint<1>(bool(x)); }
template <class T, class I, std::enable_if_t<I::ok, int>>
constexpr ap_detail::ap_type<I::width, I::is_signed> ap_as(T x) {
  return ap_detail::ap_type<I::width, I::is_signed>(x);
}

namespace ap_detail {

/* Width of an operand once it takes part in a signed result (an unsigned one needs one more bit). */
template <int N, bool S, bool ResultSigned>
constexpr int eff_width = N + ((ResultSigned && !S) ? 1 : 0);

template <int N1, bool S1, int N2, bool S2>
struct arith {
  static constexpr bool s = S1 || S2;
  static constexpr int w1 = eff_width<N1, S1, s>;
  static constexpr int w2 = eff_width<N2, S2, s>;
  static constexpr int w1s = eff_width<N1, S1, true>;
  static constexpr int w2s = eff_width<N2, S2, true>;
  using plus = ap_type<max_int(w1, w2) + 1, s>;
  using minus = ap_type<max_int(w1s, w2s) + 1, true>;
  using mult = ap_type<w1 + w2, s>;
  using div = ap_type<w1 + (S2 ? 1 : 0), s>;
  using mod = ap_type<max_int(w1, w2), s>;
  using logic_and = ap_type<max_int(w1, w2), s>;
  using logic_or = logic_and;
  using logic_xor = logic_and;
  using common = _BitInt(max_int(w1s, w2s) + 1);  // holds both values exactly, for comparisons
};

template <class R, class A, class B>
constexpr auto raw_pair(const A& a, const B& b) {
  using raw = typename R::raw_t;
  struct pair {
    raw x, y;
  };
  return pair{static_cast<raw>(a.V), static_cast<raw>(b.V)};
}

}  // namespace ap_detail

#define AP_INT_ARITH_OP(op, kind)                                                                    \
  template <int N1, bool S1, int N2, bool S2>                                                        \
  constexpr auto ap_##kind(const ap_int_base<N1, S1>& a, const ap_int_base<N2, S2>& b) {             \
    using R = typename ap_detail::arith<N1, S1, N2, S2>::kind;                                       \
    auto p = ap_detail::raw_pair<R>(a, b);                                                           \
    return R(p.x op p.y);                                                                            \
  }                                                                                                  \
  template <class L, class R, std::enable_if_t<ap_detail::binary_ok<L, R>, int> = 0>                 \
  constexpr auto operator op(const L& l, const R& r) { return ap_##kind(ap_as(l), ap_as(r)); }

AP_INT_ARITH_OP(+, plus)
AP_INT_ARITH_OP(-, minus)
AP_INT_ARITH_OP(*, mult)
AP_INT_ARITH_OP(/, div)
AP_INT_ARITH_OP(%, mod)
AP_INT_ARITH_OP(&, logic_and)
AP_INT_ARITH_OP(|, logic_or)
AP_INT_ARITH_OP(^, logic_xor)
#undef AP_INT_ARITH_OP

#define AP_INT_CMP_OP(op)                                                                            \
  template <class L, class R, std::enable_if_t<ap_detail::binary_ok<L, R>, int> = 0>                 \
  constexpr bool operator op(const L& l, const R& r) {                                               \
    const auto& a = ap_as(l);                                                                        \
    const auto& b = ap_as(r);                                                                        \
    using A = std::remove_cv_t<std::remove_reference_t<decltype(a)>>;                                \
    using B = std::remove_cv_t<std::remove_reference_t<decltype(b)>>;                                \
    using C = typename ap_detail::arith<A::width, A::is_signed, B::width, B::is_signed>::common;     \
    return static_cast<C>(a.V) op static_cast<C>(b.V);                                               \
  }

AP_INT_CMP_OP(==)
AP_INT_CMP_OP(!=)
AP_INT_CMP_OP(<)
AP_INT_CMP_OP(<=)
AP_INT_CMP_OP(>)
AP_INT_CMP_OP(>=)
#undef AP_INT_CMP_OP

namespace ap_detail {

/* Shift count as a signed 64-bit value, clamped to +-2^30 (enough to shift everything out). */
template <class T>
constexpr int64_t shift_count(const T& amount) {
  const auto& a = ap_as(amount);
  using A = std::remove_cv_t<std::remove_reference_t<decltype(a)>>;
  if constexpr (A::width <= 62) {
    return (int64_t)a.V;
  } else {
    using W = _BitInt(A::width + 1);
    W v = static_cast<W>(a.V);
    W limit = W(1) << 30;
    return v > limit ? (int64_t(1) << 30) : v < -limit ? -(int64_t(1) << 30) : (int64_t)v;
  }
}

template <int N, bool S>
constexpr ap_type<N, S> shift_left(const ap_int_base<N, S>& a, int64_t n);

template <int N, bool S>
constexpr ap_type<N, S> shift_right(const ap_int_base<N, S>& a, int64_t n) {
  if (n < 0) return shift_left(a, -n);
  if (n >= N) return ap_type<N, S>((S && a.V < 0) ? -1 : 0);
  return ap_type<N, S>(a.V >> n);  // arithmetic for _BitInt, logical for unsigned _BitInt
}

template <int N, bool S>
constexpr ap_type<N, S> shift_left(const ap_int_base<N, S>& a, int64_t n) {
  if (n < 0) return shift_right(a, -n);
  if (n >= N) return ap_type<N, S>(0);
  using U = unsigned _BitInt(N < 2 ? 2 : N);
  return ap_type<N, S>(static_cast<U>(a.V) << n);  // shifted as unsigned: no overflow UB
}

}  // namespace ap_detail

template <class L, class R,
          std::enable_if_t<ap_detail::is_ap_like<L> && ap_detail::is_operand<R>, int> = 0>
constexpr auto operator<<(const L& l, const R& r) {
  return ap_detail::shift_left(ap_as(l), ap_detail::shift_count(r));
}
template <class L, class R,
          std::enable_if_t<ap_detail::is_ap_like<L> && ap_detail::is_operand<R>, int> = 0>
constexpr auto operator>>(const L& l, const R& r) {
  return ap_detail::shift_right(ap_as(l), ap_detail::shift_count(r));
}

#include "ap_int_concat.h"
#include "ap_int_string.h"

#endif  // CRYPTOHLS_AP_INT_H
