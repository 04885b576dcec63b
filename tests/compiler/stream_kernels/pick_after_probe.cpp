/* A free-running loop that takes a key word when one waits and otherwise a data word: a pick between
 * two streams by empty(), as the LWC cores do between messages. The data read's predicate holds while
 * the key check is false, so the check must be read in the data read's state: registered in an earlier
 * state, it would leave the loop waiting for data while a key word waits (schedule/probes.py). The
 * path from the word (and from the check, through the predicate and the select of the word) is long
 * enough to split the body in two states at 9 ns. */
#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<64> word_t;

void pick_after_probe(hls::stream<word_t> &key, hls::stream<word_t> &data, hls::stream<word_t> &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=key
#pragma HLS INTERFACE mode=valid_ready port=data
#pragma HLS INTERFACE mode=valid_ready port=out
  static word_t k = 0;
  ap_uint<8> st = 1;   // one-hot: bit 0 idle, bit 1 output (bits 2, 3, 6: phases that never come)
  word_t acc = 0;
  bool done;
  do {
#ifndef __SYNTHESIS__
    if (st[0] && key.empty() && data.empty()) break;   // C simulation: nothing more to do
#endif
    const bool s_idle = st[0], s_out = st[1], s_a = st[2], s_b = st[3], s_c = st[6];
    bool key_there = !key.empty();
    bool take_key = s_idle && key_there;
    bool take_data = s_a | (s_b | s_c | (s_idle & !key_there));
    word_t kw = 0, w = 0;
    if (take_key) kw = key.read();
    if (take_data) w = data.read();
    word_t mixed = (((w ^ k) + (w >> 3)) + ((w + k) ^ (w << 5))) * 5u + (w >> 11);
    if (take_key) k = kw;
    if (take_data) {
      acc = mixed;
      st = 2;
    }
    if (s_out) {
      out.write(acc);
      st = 1;
    }
    done = s_out;
  } while (!done);
}
