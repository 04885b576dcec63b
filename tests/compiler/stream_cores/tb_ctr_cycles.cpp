/* SP 800-38A F.5.1 (CTR-AES128.Encrypt): a start word (IV || counter) and one block, then a start
 * word and the four blocks back to back, then the first message again (the first call also runs
 * the entry state after reset): the difference of the last two calls' cycles is 3 intervals. */
#include "tb_aes_cores.h"

void aes128_ctr(hls::stream<ap_uint<129> > &in, hls::stream<ap_uint<128> > &out, ap_uint<128> key);

static void start(hls::stream<ap_uint<129> > &in) {
  ap_uint<129> w = hex128("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  w[128] = 1;
  in.write(w);
}

int main() {
  hls::stream<ap_uint<129> > in;
  hls::stream<ap_uint<128> > out;
  start(in);
  in.write(ap_uint<129>(hex128(SP_PT[0])));
  aes128_ctr(in, out, hex128(SP_KEY));
  start(in);
  for (int i = 0; i < 4; i++) in.write(ap_uint<129>(hex128(SP_PT[i])));
  aes128_ctr(in, out, hex128(SP_KEY));
  start(in);
  in.write(ap_uint<129>(hex128(SP_PT[0])));
  aes128_ctr(in, out, hex128(SP_KEY));
  while (!out.empty()) print128("ct", out.read());
  return 0;
}
