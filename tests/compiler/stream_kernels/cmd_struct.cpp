/* A stream of structs (moved as the struct's bytes): a command word selects what to do with the data. */
#include "ap_int.h"
#include "hls_stream.h"

struct cmd_t {
  ap_uint<2> kind;
  ap_uint<128> data;
};

void cmd_struct(hls::stream<cmd_t> &in, hls::stream<ap_uint<128> > &out) {
  cmd_t c = in.read();
  if (c.kind == 1) {
    out.write(c.data ^ 0xff);
  } else if (c.kind == 2) {
    out.write(c.data);
    out.write(~c.data);
  }
}
