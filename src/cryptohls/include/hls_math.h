/* hls_math.h — the hls:: math functions of Vitis HLS that make sense in integer hardware (cryptohls).
 *
 * Integer functions, for C integers and ap_int/ap_uint (constexpr, synthesizable):
 *   hls::abs(x)     |x| in x's type (as std::abs: the most negative value stays itself)
 *   hls::min(a, b), hls::max(a, b)   of two values of one type
 * Floating-point functions (hls::sqrt, sin, cos, exp, log, pow, floor, fabs, ... and abs of a float):
 * in C simulation they are the <cmath> functions; in a design compiled for synthesis (`__SYNTHESIS__`)
 * using one is a compile error at the call, since cryptohls synthesizes integer code only. Call them from
 * the test bench, or under `#ifndef __SYNTHESIS__`.
 */
#ifndef CRYPTOHLS_HLS_MATH_H
#define CRYPTOHLS_HLS_MATH_H

#include <type_traits>

#include "ap_int.h"

#ifndef __SYNTHESIS__
#include <cmath>
#endif

namespace hls {
namespace math_detail {
template <class T>
constexpr bool is_integer = std::is_integral_v<T> || ap_detail::is_ap_value<T>;
template <class T>
constexpr bool is_float = std::is_floating_point_v<T>;
}  // namespace math_detail

template <class T, std::enable_if_t<math_detail::is_integer<T>, int> = 0>
constexpr T abs(const T& x) {
  if constexpr (std::is_integral_v<T>) {
    return x < 0 ? T(0 - x) : x;
  } else {
    return x < 0 ? T(-x) : x;
  }
}

template <class T, std::enable_if_t<math_detail::is_integer<T>, int> = 0>
constexpr T min(const T& a, const T& b) { return b < a ? b : a; }

template <class T, std::enable_if_t<math_detail::is_integer<T>, int> = 0>
constexpr T max(const T& a, const T& b) { return a < b ? b : a; }

#ifdef __SYNTHESIS__
#define CRYPTOHLS_HLS_FLOAT_FUNCTION(name)                                                                \
  template <class... A>                                                                                  \
  __attribute__((unavailable("hls::" #name " is floating point: cryptohls synthesizes integer code only " \
                             "(call it in the test bench, or under #ifndef __SYNTHESIS__)"))) double     \
  name(A...);
#else
#define CRYPTOHLS_HLS_FLOAT_FUNCTION(name)                                                                \
  template <class... A>                                                                                  \
  auto name(A... args) -> decltype(std::name(args...)) {                                                 \
    return std::name(args...);                                                                           \
  }
#endif

#ifdef __SYNTHESIS__
template <class T, std::enable_if_t<math_detail::is_float<T>, int> = 0>
__attribute__((unavailable("hls::abs of a floating-point value: cryptohls synthesizes integer code only "
                           "(call it in the test bench, or under #ifndef __SYNTHESIS__)"))) T
abs(T x);
#else
template <class T, std::enable_if_t<math_detail::is_float<T>, int> = 0>
T abs(T x) { return std::fabs(x); }
#endif

CRYPTOHLS_HLS_FLOAT_FUNCTION(sqrt)
CRYPTOHLS_HLS_FLOAT_FUNCTION(cbrt)
CRYPTOHLS_HLS_FLOAT_FUNCTION(hypot)
CRYPTOHLS_HLS_FLOAT_FUNCTION(exp)
CRYPTOHLS_HLS_FLOAT_FUNCTION(exp2)
CRYPTOHLS_HLS_FLOAT_FUNCTION(expm1)
CRYPTOHLS_HLS_FLOAT_FUNCTION(log)
CRYPTOHLS_HLS_FLOAT_FUNCTION(log2)
CRYPTOHLS_HLS_FLOAT_FUNCTION(log10)
CRYPTOHLS_HLS_FLOAT_FUNCTION(log1p)
CRYPTOHLS_HLS_FLOAT_FUNCTION(pow)
CRYPTOHLS_HLS_FLOAT_FUNCTION(sin)
CRYPTOHLS_HLS_FLOAT_FUNCTION(cos)
CRYPTOHLS_HLS_FLOAT_FUNCTION(tan)
CRYPTOHLS_HLS_FLOAT_FUNCTION(asin)
CRYPTOHLS_HLS_FLOAT_FUNCTION(acos)
CRYPTOHLS_HLS_FLOAT_FUNCTION(atan)
CRYPTOHLS_HLS_FLOAT_FUNCTION(atan2)
CRYPTOHLS_HLS_FLOAT_FUNCTION(sinh)
CRYPTOHLS_HLS_FLOAT_FUNCTION(cosh)
CRYPTOHLS_HLS_FLOAT_FUNCTION(tanh)
CRYPTOHLS_HLS_FLOAT_FUNCTION(floor)
CRYPTOHLS_HLS_FLOAT_FUNCTION(ceil)
CRYPTOHLS_HLS_FLOAT_FUNCTION(round)
CRYPTOHLS_HLS_FLOAT_FUNCTION(trunc)
CRYPTOHLS_HLS_FLOAT_FUNCTION(rint)
CRYPTOHLS_HLS_FLOAT_FUNCTION(fabs)
CRYPTOHLS_HLS_FLOAT_FUNCTION(fmod)
CRYPTOHLS_HLS_FLOAT_FUNCTION(fmin)
CRYPTOHLS_HLS_FLOAT_FUNCTION(fmax)
CRYPTOHLS_HLS_FLOAT_FUNCTION(copysign)
#undef CRYPTOHLS_HLS_FLOAT_FUNCTION

}  // namespace hls

#endif  // CRYPTOHLS_HLS_MATH_H
