/* tb_aes128_gcm_hls_core.cpp — C testbench of the AES-GCM HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) on gcm_vectors.txt beside this file (lines `KEY NONCE AD PT CT TAG` from
 * gen_gcm_vectors.py: the McGrew-Viega test cases 1-4 as published, then golden-model messages with AD and PT of 0..80 bytes); argv[1] names another such file.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void aes128_gcm_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("aes128-gcm", aes128_gcm_hls_core, __FILE__);
  tb.vectors = "gcm_vectors.txt";
  return lwc_kat_main(tb, argc, argv);
}
