/* One FIPS-197 C.1 block, then the four SP 800-38A F.1.1 blocks back to back, then C.1 again:
 * cosim's cycle counts per call give the latency (one block) and the interval (four blocks). */
#include "tb_aes_cores.h"

#ifndef TOP
#define TOP aes128_ecb_enc
#endif

void TOP(hls::stream<ap_uint<128> > &in, hls::stream<ap_uint<128> > &out, ap_uint<128> key);

int main() {
  hls::stream<ap_uint<128> > in, out;
  in.write(hex128(FIPS_PT));
  TOP(in, out, hex128(FIPS_KEY));
  for (int i = 0; i < 4; i++) in.write(hex128(SP_PT[i]));
  TOP(in, out, hex128(SP_KEY));
  in.write(hex128(FIPS_PT));
  TOP(in, out, hex128(FIPS_KEY));
  while (!out.empty()) print128("ct", out.read());
  return 0;
}
