/* tb_silc_aes128_hls_core.cpp — C testbench of the SILC-AES HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) on silc_vectors.txt beside this file (lines `KEY NONCE AD PT CT TAG`
 * from gen_silc_vectors.py: 49 KAT records as published, then golden-model messages); argv[1] names
 * another such file.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void silc_aes128_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("silc-aes128", silc_aes128_hls_core, __FILE__);
  tb.vectors = "silc_vectors.txt";
  return lwc_kat_main(tb, argc, argv);
}
