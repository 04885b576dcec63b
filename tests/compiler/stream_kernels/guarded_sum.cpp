/* valid_ready accesses guarded by their own stream's check (`if (c && !s.empty()) s.read()`,
 * `if (c && !s.full()) s.write()`): the loop never waits, so no handshake input may enter the
 * condition that enables its registers. Sums groups of three words; GUARDED=0 reads unguarded
 * (a blocking read: the loop waits for the word). */
#include "ap_int.h"
#include "hls_stream.h"

#ifndef GUARDED
#define GUARDED 1
#endif

void guarded_sum(hls::stream<ap_uint<8> > &in, hls::stream<ap_uint<8> > &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=in
#pragma HLS INTERFACE mode=valid_ready port=out register
  ap_uint<8> acc = 0;
  ap_uint<2> phase = 0;
  bool done;
  do {
    ap_uint<8> x = 0;
    bool got = phase != 3;
    if (GUARDED) got = got && !in.empty();
    if (got) x = in.read();
    bool put = (phase == 3) && !out.full();
    if (put) out.write(acc);
    if (got) acc = acc + x;
    if (got || put) phase = phase + 1;
    done = put;
  } while (!done);
}
