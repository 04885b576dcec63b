/* ap_int_concat.h — concatenation of ap values: `(a, b)`, `ap_concat(a, b)`, `concat(a, b)`.
 *
 * Part of cryptohls, included by ap_int.h (not on its own). As in Vitis HLS (UG1399, "Concatenation"),
 * the comma operator is overloaded: when one side of `,` is an ap value, a range x(hi, lo), a bit x[i] or
 * a concatenation, and the other side is any of those or a C integer, `(a, b)` is the bits of a followed
 * by the bits of b (a in the high bits). Never C's comma operator for these operands.
 *
 * - Width: the sum of the parts' widths, where a part is as wide as its type: ap_(u)int<N> N bits, a bit
 *   1, a C integer its size (bool 1, int 32), and a range x(hi, lo) of an ap_(u)int<N> N bits in the
 *   type (as Vitis types it) but hi-lo+1 bits in the value: `(x(6, 0), c)` with c one bit is x's bits
 *   6..0 shifted left by one, or'ed with c, so the value is right even when the bounds are not constants.
 * - The result is unsigned. It reads as an ap_uint of that width: it converts to ap types and C integers,
 *   and takes part in arithmetic, comparisons, shifts, .to_uint64() etc.
 * - `(a, b) = v` assigns: b gets v's low bits, a the next ones, when every part is assignable (a
 *   non-const variable, a range or bit of one, or a concatenation of those). Assigning to a
 *   concatenation with a constant or temporary part is refused at compile time, at the assignment.
 * - A part that is a floating-point value is refused at compile time (Vitis has no such concatenation;
 *   C's comma would drop a silently).
 * The right side of an assignment is read completely before anything is written: `t(7, 0) = (t(6, 0), c)`
 * and `(hi, lo) = (lo, hi)` work.
 * Two ap values (no range, bit or C integer) take a direct path, ap_concat_value: the value computed at
 * once by ap_concat, as before ranges and bits could be parts, so such concatenations make the same
 * hardware as then (tests/compiler/test_concat_hardware.py). Any other mix is an ap_concat_ref, whose
 * parts are read when it is used.
 */
#ifndef CRYPTOHLS_AP_INT_CONCAT_H
#define CRYPTOHLS_AP_INT_CONCAT_H

#ifndef CRYPTOHLS_AP_INT_H
#error "include <ap_int.h>, not ap_int_concat.h"
#endif

namespace ap_detail {

template <int N>
using bits_t = unsigned _BitInt(N);

template <int N, bool S>
std::true_type is_ap_value_test(const ap_int_base<N, S>*);
std::false_type is_ap_value_test(const void*);
/* An ap_int/ap_uint (or a class derived from one), as opposed to a proxy or a C integer. */
template <class T>
constexpr bool is_ap_value = decltype(is_ap_value_test(static_cast<T*>(nullptr)))::value;

/* The parts of a concatenation. Each has: width (in the type), length() (in the value), get() (the
 * value's bits, zero above length()), and, when assignable, set(bits) (keeps length() low bits). */

/* A non-const ap variable: read and written through a reference. */
template <int N, bool S>
struct concat_variable {
  static constexpr int width = N;
  static constexpr bool assignable = true;
  ap_int_base<N, S>& target;
  constexpr int length() const { return N; }
  constexpr bits_t<N> get() const { return static_cast<bits_t<N>>(target.V); }
  constexpr void set(bits_t<N> v) { target = ap_uint<N>(v); }
};

/* A value (a const ap value, a temporary, a C integer): its bits, copied. Kept in whole 64-bit words:
 * copies of a part then move no padding bits, which the compiler's SROA would split into bytes. */
template <int N>
struct concat_value {
  static constexpr int width = N;
  static constexpr bool assignable = false;
  bits_t<(N + 63) / 64 * 64> bits;
  constexpr int length() const { return N; }
  constexpr bits_t<N> get() const { return static_cast<bits_t<N>>(bits); }
};

template <int N, bool S>
struct concat_range {
  static constexpr int width = N;
  static constexpr bool assignable = true;
  ap_range_ref<N, S> ref;
  constexpr int length() const { return ref.length(); }
  constexpr bits_t<N> get() const { return ref.get().V; }
  constexpr void set(bits_t<N> v) { ref = ap_uint<N>(v); }
};

template <int N, bool S>
struct concat_bit {
  static constexpr int width = 1;
  static constexpr bool assignable = true;
  ap_bit_ref<N, S> ref;
  constexpr int length() const { return 1; }
  constexpr bits_t<1> get() const { return bool(ref); }
  constexpr void set(bits_t<1> v) { ref = (unsigned long long)v; }
};

/* Which part an operand of `,` becomes (T as forwarded: X& for an lvalue, X for an rvalue). */
template <class T, class D = std::remove_cv_t<std::remove_reference_t<T>>, class = void>
struct concat_part_of {
  using type = concat_value<int_info<D>::width>;   // a C integer
  static constexpr type make(const D& x) { return type{static_cast<bits_t<int_info<D>::width>>(x)}; }
  // (the braces convert the bits to the part's storage width: zero-extended)
};
template <class T, class D>
struct concat_part_of<T, D, std::enable_if_t<is_ap_value<D>>> {
  static constexpr bool variable =
      std::is_lvalue_reference_v<T> && !std::is_const_v<std::remove_reference_t<T>>;
  using base = ap_int_base<D::width, D::is_signed>;
  using type = std::conditional_t<variable, concat_variable<D::width, D::is_signed>, concat_value<D::width>>;
  template <class X>
  static constexpr type make(X&& x) {
    if constexpr (variable) {
      return type{static_cast<base&>(x)};
    } else {
      return type{static_cast<bits_t<D::width>>(x.V)};
    }
  }
};
template <class T, int N, bool S>
struct concat_part_of<T, ap_range_ref<N, S>, void> {
  using type = concat_range<N, S>;
  static constexpr type make(const ap_range_ref<N, S>& r) { return type{r}; }
};
template <class T, int N, bool S>
struct concat_part_of<T, ap_bit_ref<N, S>, void> {
  using type = concat_bit<N, S>;
  static constexpr type make(const ap_bit_ref<N, S>& r) { return type{r}; }
};
template <class T, class Hi, class Lo>
struct concat_part_of<T, ap_concat_ref<Hi, Lo>, void> {
  using type = ap_concat_ref<Hi, Lo>;   // a concatenation is a part of the next one as it is
  static constexpr type make(const ap_concat_ref<Hi, Lo>& c) { return c; }
};

template <class T>
using concat_part = typename concat_part_of<T>::type;

template <class T>
constexpr bool is_float = std::is_floating_point_v<std::remove_cv_t<std::remove_reference_t<T>>>;

template <class T>
using decayed = std::remove_cv_t<std::remove_reference_t<T>>;
/* Both operands ap values (not ranges, bits or C integers): the direct path, ap_concat_value. */
template <class L, class R>
constexpr bool both_values = is_ap_value<decayed<L>> && is_ap_value<decayed<R>>;

/* The parts of an ap_concat_value, as `(a, b) = v` writes them. */
template <int Tag>
struct fixed_part {   // a constant or temporary value: not written (an assignment is refused)
  static constexpr bool assignable = false;
  template <class U>
  constexpr void set(U) const {}
};
template <int N, bool S>
struct variable_part {   // a non-const ap variable
  static constexpr bool assignable = true;
  ap_int_base<N, S>* target;
  template <class U>
  constexpr void set(U v) const { *target = ap_uint<N>(static_cast<bits_t<N>>(v)); }
};
template <class C>
struct nested_part {   // a concatenation of variables inside a longer one: `(a, b, c) = v`
  static constexpr bool assignable = true;
  C inner;
  template <class U>
  constexpr void set(U v) const { inner.set(v); }
};

}  // namespace ap_detail

/* The concatenation of two parts, Hi in the high bits. Also a part itself (width, length, get, set). */
template <class Hi, class Lo>
class ap_concat_ref : public ap_detail::ap_tag {
 public:
  static constexpr int width = Hi::width + Lo::width;
  static constexpr bool assignable = Hi::assignable && Lo::assignable;
  using raw_t = unsigned _BitInt(width);

  constexpr ap_concat_ref(const Hi& hi, const Lo& lo) : hi_(hi), lo_(lo) {}

  constexpr int length() const { return hi_.length() + lo_.length(); }
  constexpr raw_t bits() const {   // lo_.length() < width: the shift is defined
    return (static_cast<raw_t>(hi_.get()) << lo_.length()) | static_cast<raw_t>(lo_.get());
  }
  constexpr raw_t get() const { return bits(); }
  constexpr ap_uint<width> value() const { return ap_uint<width>(bits()); }
  constexpr operator raw_t() const { return bits(); }

  constexpr unsigned to_uint() const { return (unsigned)bits(); }
  constexpr int to_int() const { return (int)bits(); }
  constexpr uint64_t to_uint64() const { return (uint64_t)bits(); }
  constexpr int64_t to_int64() const { return (int64_t)bits(); }
  constexpr bool to_bool() const { return bits() != 0; }
  constexpr ap_uint<width> range(int hi, int lo) const { return value().range(hi, lo); }
  constexpr ap_uint<width> operator()(int hi, int lo) const { return value().range(hi, lo); }
  constexpr bool operator[](int i) const { return value()[i]; }

  /* (a, b) = v: the right side is read in full before any part is written, so parts may overlap it. */
  template <class T, bool A = assignable,
            std::enable_if_t<ap_detail::is_operand<T> && A, int> = 0>
  constexpr ap_concat_ref& operator=(const T& v) {
    set(static_cast<raw_t>(ap_as(v).V));
    return *this;
  }
  template <class T, bool A = assignable,
            std::enable_if_t<ap_detail::is_operand<T> && !A, int> = 0>
  __attribute__((unavailable("this concatenation cannot be assigned: one of its parts is a constant or "
                             "a temporary value, not a variable, a range or a bit")))
  ap_concat_ref& operator=(const T& v);
  constexpr ap_concat_ref& operator=(const ap_concat_ref& other) {
    static_assert(assignable, "this concatenation cannot be assigned: a part is not a variable");
    set(other.bits());
    return *this;
  }
  constexpr void set(raw_t v) {
    int low = lo_.length();
    lo_.set(static_cast<ap_detail::bits_t<Lo::width>>(v));
    hi_.set(static_cast<ap_detail::bits_t<Hi::width>>(v >> low));
  }

 private:
  Hi hi_;
  Lo lo_;
};

template <class Hi, class Lo>
constexpr ap_uint<Hi::width + Lo::width> ap_as(const ap_concat_ref<Hi, Lo>& x) { return x.value(); }

/* ap_concat of two ap values, computed at once (the generated hardware of plain value concatenations
 * is the same as before ranges and bits could be parts). */
template <int N1, bool S1, int N2, bool S2>
constexpr ap_uint<N1 + N2> ap_concat(const ap_int_base<N1, S1>& a, const ap_int_base<N2, S2>& b) {
  using U = unsigned _BitInt(N1 + N2);
  U hi = static_cast<U>(static_cast<unsigned _BitInt(N1 < 2 ? 2 : N1)>(a.V) &   // not const: see
                        ((unsigned _BitInt(N1 < 2 ? 2 : N1))(~(unsigned _BitInt(N1))0)));   // "clang-19 crash"
  U lo = static_cast<U>(static_cast<unsigned _BitInt(N2)>(b.V));
  return ap_uint<N1 + N2>((hi << N2) | lo);
}

/* `(a, b)` of two ap values: an ap_uint of the value, computed at once by ap_concat (so plain value
 * concatenations make the same hardware as before ranges and bits could be parts, issue 32), that also
 * remembers its parts for `(a, b) = v`: assignable when every part is a non-const variable (or such a
 * concatenation); otherwise an assignment is refused at compile time. Constant or temporary parts take
 * no room ([[no_unique_address]]), so such a value is passed like the ap_uint it is. */
template <class Hi, class Lo, int N1, int N2>
class ap_concat_value : public ap_uint<N1 + N2> {
 public:
  using base = ap_uint<N1 + N2>;
  static constexpr bool assignable = Hi::assignable && Lo::assignable;

  constexpr ap_concat_value(const base& value, const Hi& hi, const Lo& lo) : base(value), hi_(hi), lo_(lo) {}
  constexpr base value() const { return *this; }
  template <class U>
  constexpr void set(U v) const {   // the bits first, so parts may overlap the right side of `=`
    lo_.set(static_cast<ap_detail::bits_t<N2>>(v));
    hi_.set(static_cast<ap_detail::bits_t<N1>>(v >> N2));
  }
  template <class T, bool A = assignable, std::enable_if_t<ap_detail::is_operand<T> && A, int> = 0>
  constexpr const ap_concat_value& operator=(const T& v) const {
    set(static_cast<ap_detail::bits_t<N1 + N2>>(ap_as(v).V));
    return *this;
  }
  template <class T, bool A = assignable, std::enable_if_t<ap_detail::is_operand<T> && !A, int> = 0>
  __attribute__((unavailable("this concatenation cannot be assigned: one of its parts is a constant or "
                             "a temporary value, not a variable, a range or a bit")))
  const ap_concat_value& operator=(const T& v) const;
  constexpr const ap_concat_value& operator=(const ap_concat_value& other) const {
    static_assert(assignable, "this concatenation cannot be assigned: a part is not a variable");
    set(static_cast<ap_detail::bits_t<N1 + N2>>(other.V));
    return *this;
  }

 private:
  [[no_unique_address]] Hi hi_;
  [[no_unique_address]] Lo lo_;
};

/* Two variables: assignable. */
template <int N1, bool S1, int N2, bool S2>
constexpr auto operator,(ap_int_base<N1, S1>& a, ap_int_base<N2, S2>& b) {
  using Hi = ap_detail::variable_part<N1, S1>;
  using Lo = ap_detail::variable_part<N2, S2>;
  return ap_concat_value<Hi, Lo, N1, N2>(ap_concat(a, b), Hi{&a}, Lo{&b});
}
/* A concatenation of variables, then a variable: assignable too. */
template <class H, class L, int N1, int N2, int N3, bool S3,
          std::enable_if_t<ap_concat_value<H, L, N1, N2>::assignable, int> = 0>
constexpr auto operator,(ap_concat_value<H, L, N1, N2>&& a, ap_int_base<N3, S3>& b) {
  using Hi = ap_detail::nested_part<ap_concat_value<H, L, N1, N2>>;
  using Lo = ap_detail::variable_part<N3, S3>;
  return ap_concat_value<Hi, Lo, N1 + N2, N3>(ap_concat(a, b), Hi{a}, Lo{&b});
}
/* Any other two ap values (a constant or a temporary on either side): a value only. */
template <int N1, bool S1, int N2, bool S2>
constexpr auto operator,(const ap_int_base<N1, S1>& a, const ap_int_base<N2, S2>& b) {
  using Hi = ap_detail::fixed_part<0>;
  using Lo = ap_detail::fixed_part<1>;
  return ap_concat_value<Hi, Lo, N1, N2>(ap_concat(a, b), Hi{}, Lo{});
}

/* `,` between ap operands (at least one side ap: a value, range, bit or concatenation) and C integers;
 * two ap values take the direct path above. */
template <class L, class R, std::enable_if_t<ap_detail::binary_ok<L, R> && !ap_detail::both_values<L, R>, int> = 0>
constexpr auto operator,(L&& l, R&& r) {
  using Hi = ap_detail::concat_part<L&&>;
  using Lo = ap_detail::concat_part<R&&>;
  return ap_concat_ref<Hi, Lo>(ap_detail::concat_part_of<L&&>::make(std::forward<L>(l)),
                               ap_detail::concat_part_of<R&&>::make(std::forward<R>(r)));
}
template <class L, class R,
          std::enable_if_t<(ap_detail::is_ap_like<L> && ap_detail::is_float<R>) ||
                               (ap_detail::is_float<L> && ap_detail::is_ap_like<R>),
                           int> = 0>
__attribute__((unavailable("an ap value cannot be concatenated with a floating-point value "
                           "(and (a, b) is a concatenation here, not C's comma operator)")))
void operator,(L&& l, R&& r);

/* ap_concat(a, b) and concat(a, b): the same value as (a, b), as an ap_uint (two ap values: above). */
template <class L, class R, std::enable_if_t<ap_detail::binary_ok<L, R> && !ap_detail::both_values<L, R>, int> = 0>
constexpr auto ap_concat(const L& a, const R& b) { return (a, b).value(); }
template <class L, class R, std::enable_if_t<ap_detail::binary_ok<L, R>, int> = 0>
constexpr auto concat(const L& a, const R& b) {
  if constexpr (ap_detail::both_values<L, R>) {
    return ap_concat(ap_as(a), ap_as(b));
  } else {
    return (a, b).value();
  }
}

#endif  // CRYPTOHLS_AP_INT_CONCAT_H
