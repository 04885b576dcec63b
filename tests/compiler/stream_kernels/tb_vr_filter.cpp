/* Testbench for vr_filter: three packets (one with dropped words, one all dropped); prints every
 * output word and flag. */
#include <stdio.h>

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

void vr_filter(hls::stream<in_bus> &din, hls::stream<out_bus> &dout, hls::stream<bool> &empty);

int main(void) {
  hls::stream<in_bus> din;
  hls::stream<out_bus> dout;
  hls::stream<bool> empty;
  static const unsigned keep[3][5] = {{0xF, 0x0, 0x3, 0x8, 0xE}, {0x0, 0x0, 0, 0, 0}, {0xF, 0xF, 0xF, 0, 0}};
  static const int words[3] = {5, 2, 3};
  for (int p = 0; p < 3; p++) {
    for (int i = 0; i < words[p]; i++) {
      in_bus w;
      w.din = 0x11223344u * (unsigned)(i + 1) + (unsigned)p;
      w.din_keep = keep[p][i];
      w.din_last = i == words[p] - 1;
      din.write(w);
    }
    vr_filter(din, dout, empty);
  }
  while (!dout.empty()) {
    out_bus o = dout.read();
    printf("dout %08x count %u last %d\n", o.dout.to_uint(), o.dout_count.to_uint(), (int)o.dout_last);
  }
  while (!empty.empty()) printf("empty %d\n", (int)empty.read());
  return 0;
}
