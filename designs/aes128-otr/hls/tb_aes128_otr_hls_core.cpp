/* tb_aes128_otr_hls_core.cpp — C testbench of the AES-OTR HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) on otr_vectors.txt beside this file (lines `KEY NONCE AD PT CT TAG` from
 * gen_otr_vectors.py: 49 KAT records as published, then golden-model messages); argv[1] names another such file.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void aes128_otr_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("aes128-otr", aes128_otr_hls_core, __FILE__);
  tb.vectors = "otr_vectors.txt";
  return lwc_kat_main(tb, argc, argv);
}
