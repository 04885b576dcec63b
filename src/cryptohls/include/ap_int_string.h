/* ap_int_string.h — ap values from and to text: string constructors, to_string(), `<<` to an ostream.
 *
 * Part of cryptohls, included by ap_int.h (not on its own). Semantics as documented for Vitis HLS
 * (UG1399, "Initialization and Assignment from Constants" and "Support for Console I/O"):
 * - ap_uint<N>("0x1F"), ap_uint<N>("1f", 16), ap_int<N>("-0b101"): digits in radix 2, 8, 10 or 16
 *   (the second argument), or from a prefix 0b, 0o, 0d, 0x when no radix is given (or the same one);
 *   without either the digits are hexadecimal (UG1399: "by default ... interpreted as a hexadecimal
 *   value"). A leading - negates; the value wraps to N bits. An invalid digit stops C simulation with
 *   a message (it would be a compile error in Vitis).
 *   For synthesis a string literal is parsed by a loop of known length that the compiler unrolls and
 *   folds to a constant: no hardware. A `const char*` that is not a literal is C simulation only.
 * - x.to_string(radix = 2, sign = false): digits with a 0b/0o/0x prefix for radix 2/8/16, none for 10;
 *   `sign` prints a negative ap_int as - and its magnitude, otherwise its N-bit pattern is printed
 *   (UG1399: the default is false): ap_int<8>(-2).to_string(10) is "254", .to_string(10, true) "-2".
 * - os << x (ap values, ranges, bits, concatenations): decimal (signed for ap_int), or the N-bit pattern
 *   in hex/oct after std::hex/std::oct, without a prefix unless std::showbase; std::uppercase works.
 *   Stream printing is for C simulation (keep it under #ifndef __SYNTHESIS__ in a design, as in Vitis).
 */
#ifndef CRYPTOHLS_AP_INT_STRING_H
#define CRYPTOHLS_AP_INT_STRING_H

#ifndef CRYPTOHLS_AP_INT_H
#error "include <ap_int.h>, not ap_int_string.h"
#endif

#include <iosfwd>
#include <string>

#ifndef __SYNTHESIS__
#include <cstdio>
#include <cstdlib>
#include <iomanip>   // C simulation code written for Vitis uses std::setw etc. with only <ap_int.h> included
#include <iostream>
#endif

namespace ap_detail {

[[noreturn]] inline void bad_literal(const char* text, int radix) {
#ifndef __SYNTHESIS__
  std::fprintf(stderr, "ap_int: \"%s\" is not a number in radix %d\n", text, radix);
  std::abort();
#else
  (void)text, (void)radix;
  __builtin_unreachable();
#endif
}

constexpr int digit_value(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
}

constexpr int prefix_radix(char c) {
  return c == 'b' || c == 'B' ? 2 : c == 'o' || c == 'O' ? 8 : c == 'd' || c == 'D' ? 10 : c == 'x' || c == 'X' ? 16 : 0;
}

/* The value of text[0..len) modulo 2^N. A plain loop over a known length: for a literal the compiler
 * unrolls it and folds every character (no const _BitInt locals: see "clang-19 crash" in ap_int.h). */
template <int N>
constexpr unsigned _BitInt(N) parse_number(const char* text, int len, int radix) {
  int pos = 0;
  bool negative = false;
  if (pos < len && (text[pos] == '-' || text[pos] == '+')) negative = text[pos++] == '-';
  if (pos + 1 < len && text[pos] == '0') {
    int from_prefix = prefix_radix(text[pos + 1]);
    if (from_prefix != 0 && (radix == 0 || radix == from_prefix)) {
      radix = from_prefix;
      pos += 2;
    }
  }
  if (radix == 0) radix = 16;
  if (radix != 2 && radix != 8 && radix != 10 && radix != 16) bad_literal(text, radix);
  unsigned _BitInt(N) value = 0;
#ifdef __SYNTHESIS__
#pragma clang loop unroll(full)   // (natively a run-time string's loop cannot be unrolled: a warning)
#endif
  for (; pos < len; pos++) {
    if (text[pos] == '\'' || text[pos] == '_') continue;   // digit separators
    int digit = digit_value(text[pos]);
    if (digit >= radix) bad_literal(text, radix);
    value = value * static_cast<unsigned _BitInt(N)>(radix) + static_cast<unsigned _BitInt(N)>(digit);
  }
  return negative ? static_cast<unsigned _BitInt(N)>(0 - value) : value;
}

constexpr int string_length(const char* text) {
  int n = 0;
  while (text[n] != 0) n++;
  return n;
}

/* Digits of an N-bit unsigned value in radix 2, 8, 10 or 16, most significant first. */
template <int N>
std::string digits(unsigned _BitInt(N) value, int radix, bool upper) {
  const char* alphabet = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out;
  unsigned _BitInt(N) base = static_cast<unsigned _BitInt(N)>(radix);
  do {
    out.insert(out.begin(), alphabet[(int)(value % base)]);
    value /= base;
  } while (value != 0);
  return out;
}

/* Text of an ap value: `sign` prints a negative value as - and its magnitude. */
template <int N, bool S>
std::string ap_text(const ap_int_base<N, S>& x, int radix, bool sign, bool prefix, bool upper) {
  if (radix != 2 && radix != 8 && radix != 10 && radix != 16) radix = 10;
  using W = unsigned _BitInt(N + 1);
  W bits = static_cast<W>(static_cast<unsigned _BitInt(N)>(x.V));   // the N-bit pattern
  bool negative = false;
  if constexpr (S) {
    if (sign && x.V < 0) {
      negative = true;
      bits = static_cast<W>(-static_cast<_BitInt(N + 1)>(x.V));   // the magnitude, exact
    }
  }
  std::string head = negative ? "-" : "";
  if (prefix) head += radix == 2 ? "0b" : radix == 8 ? "0o" : radix == 16 ? (upper ? "0X" : "0x") : "";
  return head + digits<N + 1>(bits, radix, upper);
}

}  // namespace ap_detail

template <int N, bool S>
template <std::size_t L>
constexpr ap_int_base<N, S>::ap_int_base(const char (&text)[L], int radix)
    : V(wrap(ap_detail::parse_number<N>(text, int(L) - 1, radix))) {}

template <int N, bool S>
template <class P, std::enable_if_t<std::is_same_v<P, const char*> || std::is_same_v<P, char*>, int>>
constexpr ap_int_base<N, S>::ap_int_base(P text, int radix)
    : V(wrap(ap_detail::parse_number<N>(text, ap_detail::string_length(text), radix))) {}

template <int N, bool S>
std::string ap_int_base<N, S>::to_string(int radix, bool sign) const {
  return ap_detail::ap_text(*this, radix, sign, radix != 10, false);
}

/* os << x for ap values and their ranges, bits and concatenations (C simulation). */
template <class CharT, class Traits, class T, std::enable_if_t<ap_detail::is_ap_like<T>, int> = 0>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const T& x) {
  using Os = std::basic_ostream<CharT, Traits>;   // a dependent name: <iosfwd> is enough until used
  const auto& value = ap_as(x);
  const auto flags = os.flags();
  const auto basefield = flags & Os::basefield;
  int radix = basefield == Os::hex ? 16 : basefield == Os::oct ? 8 : 10;
  bool upper = (flags & Os::uppercase) != 0;
  std::string text = ap_detail::ap_text(value, radix, radix == 10, false, upper);
  if ((flags & Os::showbase) && radix != 10) text = (radix == 16 ? (upper ? "0X" : "0x") : "0") + text;
  return os << text.c_str();
}

#endif  // CRYPTOHLS_AP_INT_STRING_H
