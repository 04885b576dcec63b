/* DATAFLOW: a request/answer side path, the shape of aes128-ctr-io's key loading.
 * `producer` sends each input word on `cmd` and a request token on `req`; `server` answers every
 * request with its next value on `val` and discards the token itself (`req.read();`, result unused);
 * `consumer` xors the two. In the server's loop the answer (a write) comes before the next request
 * (a read) in one basic block: the answer must leave before the next token arrives, or the last
 * word never comes out (a state that fired all its stream transfers together would wait). */
#include <stdint.h>

#include "ap_int.h"
#include "hls_stream.h"

#ifdef __SYNTHESIS__
#define FOREVER(csim_condition) while (1)
#else
#define FOREVER(csim_condition) while (csim_condition)
#endif

static void producer(hls::stream<uint32_t> &in, hls::stream<ap_uint<1> > &req, hls::stream<uint32_t> &cmd) {
  FOREVER(!in.empty()) {
    uint32_t x = in.read();
    req.write(1);
    cmd.write(x);
  }
}

static void server(hls::stream<ap_uint<1> > &req, hls::stream<uint32_t> &val) {
  uint32_t n = 0;
  req.read();
  while (1) {
    n = n * 5 + 3;
    val.write(n);
#ifndef __SYNTHESIS__
    if (req.empty()) break;  /* csim: no more requests */
#endif
    req.read();  /* the next request, in one block with the answer before it */
  }
}

static void consumer(hls::stream<uint32_t> &cmd, hls::stream<uint32_t> &val, hls::stream<uint32_t> &out) {
  FOREVER(!cmd.empty()) {
    uint32_t c = cmd.read();
    out.write(c ^ val.read());
  }
}

void df_server(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out name=result register
#pragma HLS DATAFLOW
  hls::stream<ap_uint<1> > req("req");
  hls::stream<uint32_t> cmd("cmd");
  hls::stream<uint32_t> val("val");
#pragma HLS STREAM variable=req depth=1
#pragma HLS STREAM variable=cmd depth=2
#pragma HLS STREAM variable=val depth=1
  producer(in, req, cmd);
  server(req, val);
  consumer(cmd, val, out);
}
