/* hls_stream.h — hls::stream<T>, a FIFO channel between HLS functions (cryptohls, docs/hls-c-guide.md).
 *
 * In C simulation (this header compiled natively) a stream is an unbounded std::deque: write() and
 * << append, read() and >> take the oldest element, empty() says whether one is waiting, full() is
 * always false. Reading an empty stream is a testbench bug: it prints a message and aborts, like the
 * hardware would dead-lock.
 *
 * For synthesis (`cryptohls compile` defines __SYNTHESIS__, as Vitis does) a stream is one volatile
 * word: each read() is one volatile load of it and each write() one volatile store, which the compiler
 * turns into blocking FIFO / AXI-stream transfers on the argument's ports (docs/compiler.md, Streams).
 * empty(), full(), read_nb(), write_nb(): the port's handshake now (never stall); size(): not synthesizable.
 */
#ifndef CRYPTOHLS_HLS_STREAM_H
#define CRYPTOHLS_HLS_STREAM_H

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <utility>

#ifdef __SYNTHESIS__
#include <type_traits>

namespace hls {
namespace stream_detail {
/* The raw integer a word travels as: ap_int/ap_uint carry theirs in .V; C integers are themselves;
 * a struct travels as its bytes (C layout, padding included, first byte in the low bits). */
template <class T, class = void>
struct word {
  using type = unsigned _BitInt(8 * sizeof(T));
  static type to(const T& x) {
    type v = 0;
    __builtin_memcpy(&v, &x, sizeof(T));
    return v;
  }
  static T from(type v) {
    T x;
    __builtin_memcpy(&x, &v, sizeof(T));
    return x;
  }
};
template <class T>
struct word<T, std::enable_if_t<std::is_integral_v<T>>> {
  using type = T;
  static type to(const T& x) { return x; }
  static T from(type v) { return v; }
};
template <class T>
struct word<T, std::void_t<typename T::raw_t>> {
  using type = typename T::raw_t;
  static type to(const T& x) { return x.V; }
  static T from(type v) {
    T x;
    x.V = v;
    return x;
  }
};
}  // namespace stream_detail

template <typename T>
class stream {
  using W = stream_detail::word<T>;

 public:
  stream() = default;
  explicit stream(const char*) {}
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;

  T read() { return W::from(port_); }
  void read(T& value) { value = read(); }
  void write(const T& value) { port_ = W::to(value); }
  stream& operator<<(const T& value) {
    write(value);
    return *this;
  }
  stream& operator>>(T& value) {
    value = read();
    return *this;
  }
  /* Not blocking: the port's handshake input in the cycle of the call (empty_n/TVALID of an input,
   * full_n/TREADY or room in the output register of an output). Defined below the class. */
  bool empty() const;
  bool full() const;
  bool read_nb(T& value);
  bool write_nb(const T& value);

 private:
  volatile typename W::type port_;  // one load = one blocking read, one store = one blocking write
};

}  // namespace hls

/* Whether a stream's next transfer could happen in this cycle (a word waits / there is room): the
 * compiler's can_transfer operation on the stream's port word. (Declared down here so that the lines
 * above, whose numbers name the generated signals, stay where they were.) */
extern "C" bool __cryptohls_stream_can(const volatile void* port);

template <typename T>
bool hls::stream<T>::empty() const { return !__cryptohls_stream_can(&port_); }
template <typename T>
bool hls::stream<T>::full() const { return !__cryptohls_stream_can(&port_); }
template <typename T>
bool hls::stream<T>::read_nb(T& value) {
  if (!__cryptohls_stream_can(&port_)) return false;
  value = read();
  return true;
}
template <typename T>
bool hls::stream<T>::write_nb(const T& value) {
  if (!__cryptohls_stream_can(&port_)) return false;
  write(value);
  return true;
}

#else  // C simulation

namespace hls {

template <typename T>
class stream {
 public:
  stream() = default;
  explicit stream(const char* name) : name_(name ? name : "") {}
  stream(const stream&) = delete;             // a channel is one piece of hardware: pass it by reference
  stream& operator=(const stream&) = delete;

  bool empty() const { return fifo_.empty(); }
  bool full() const { return false; }
  std::size_t size() const { return fifo_.size(); }

  void write(const T& value) { fifo_.push_back(value); }
  T read() {
    if (fifo_.empty()) {
      std::fprintf(stderr, "hls::stream '%s': read while empty (the hardware would stall forever)\n",
                   name_.c_str());
      std::abort();
    }
    T value = std::move(fifo_.front());
    fifo_.pop_front();
    return value;
  }
  void read(T& value) { value = read(); }
  /* cryptohls cosim only (not Vitis API): the oldest element, left in place (the shim shows it on the
   * input port until the design takes it). */
  const T& cosim_front() const { return fifo_.front(); }
  /* Non-blocking forms: false instead of stalling. */
  bool read_nb(T& value) {
    if (fifo_.empty()) return false;
    value = read();
    return true;
  }
  bool write_nb(const T& value) {
    write(value);
    return true;
  }

  stream& operator<<(const T& value) {
    write(value);
    return *this;
  }
  stream& operator>>(T& value) {
    value = read();
    return *this;
  }

 private:
  std::deque<T> fifo_;
  std::string name_;
};

}  // namespace hls

#endif  // __SYNTHESIS__

#endif  // CRYPTOHLS_HLS_STREAM_H
