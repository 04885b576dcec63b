/* A "library" header reached through -I: a DATAFLOW region in a function the user's top only
 * forwards to (two levels, arguments reordered), processes defined here. The producer writes a whole
 * message (up to 8 words) into `words` before the consumer reads any word back, so the region must run
 * its processes concurrently, or at least with a FIFO that holds the message (depth 8). */
#ifndef FORWARD_LIB_H
#define FORWARD_LIB_H
#include <stdint.h>

#include "hls_stream.h"

namespace lib {
namespace detail {

/* One message per length word (0 ends): its words, then a count for the consumer. */
template <int W>
void split(hls::stream<uint32_t> &in, hls::stream<uint32_t> &len, hls::stream<uint32_t> &words,
           hls::stream<uint32_t> &count) {
  for (uint32_t n = len.read(); n != 0; n = len.read()) {
    for (uint32_t i = 0; i < n; i++) words.write(in.read() ^ W);
    count.write(n);
  }
  count.write(0);
}

/* FNV-1a over each message's words: reads the count first, so nothing before the whole message. */
static void fold(hls::stream<uint32_t> &count, hls::stream<uint32_t> &words, hls::stream<uint32_t> &out) {
  for (uint32_t n = count.read(); n != 0; n = count.read()) {
    uint32_t acc = 0x811c9dc5u;
    for (uint32_t i = 0; i < n; i++) acc = (acc ^ words.read()) * 0x01000193u;
    out.write(acc);
  }
}

template <int W>
void region(hls::stream<uint32_t> &len, hls::stream<uint32_t> &in, hls::stream<uint32_t> &out) {
#pragma HLS DATAFLOW
  hls::stream<uint32_t> words("words");
#pragma HLS STREAM variable = words depth = 8
  hls::stream<uint32_t> count("count");
  split<W>(in, len, words, count);
  fold(count, words, out);
}
}  // namespace detail

template <int W>
void digest(hls::stream<uint32_t> &in, hls::stream<uint32_t> &len, hls::stream<uint32_t> &out) {
  detail::region<W>(len, in, out);
}
}  // namespace lib
#endif
