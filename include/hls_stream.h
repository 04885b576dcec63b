/* hls_stream.h — hls::stream<T>, a FIFO channel between HLS functions (cryptohls, docs/hls-c-guide.md).
 *
 * In C simulation (this header compiled natively) a stream is an unbounded std::deque: write() and
 * << append, read() and >> take the oldest element, empty() says whether one is waiting, full() is
 * always false. Reading an empty stream is a testbench bug: it prints a message and aborts, like the
 * hardware would dead-lock. The cryptohls compiler does not synthesize streams yet: use them in
 * testbenches and C simulation; the synthesizable source passes arrays or scalars.
 */
#ifndef CRYPTOHLS_HLS_STREAM_H
#define CRYPTOHLS_HLS_STREAM_H

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <utility>

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

#endif  // CRYPTOHLS_HLS_STREAM_H
