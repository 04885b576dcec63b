/* valid_ready streams of structs (a port per field, one valid/ready pair per stream) and a conditional
 * write that if-conversion predicates: a word per cycle, words without kept bytes dropped. */
#include "ap_int.h"
#include "hls_stream.h"

struct in_bus {
  ap_uint<32> din;
  ap_uint<4> din_keep;
  bool din_last;
};

struct out_bus {
  ap_uint<32> dout;
  ap_uint<3> dout_count;
  bool dout_last;
};

void vr_filter(hls::stream<in_bus> &din, hls::stream<out_bus> &dout, hls::stream<bool> &empty) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=din
#pragma HLS INTERFACE mode=valid_ready port=dout register
#pragma HLS INTERFACE mode=valid_ready port=empty
  ap_uint<3> n = 0;
  bool last;
  do {
    in_bus w = din.read();
    last = w.din_last;
    ap_uint<32> m = 0;
    for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
      if (w.din_keep[i]) m |= ap_uint<32>(0xFF) << (8 * i);
    }
    if (w.din_keep != 0) {
      n++;
      out_bus o;
      o.dout = w.din & m;
      o.dout_count = n;
      o.dout_last = last;
      dout.write(o);
    }
  } while (!last);
  empty.write(n == 0);
}
