/* tb_jambu_aes128_hls_core.cpp — C testbench of the JAMBU-AES HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per KAT record key,
 * ENC, DEC of the published CT || tag, the same DEC with a flipped tag bit) with JAMBU-AES's tag of
 * 8 bytes on <shared>/vectors/caesar/aesjambuv2/LWC_AEAD_KAT_128_64.txt, then a DEC ended as the
 * frame's flush ends it (an all-zero 8-byte tag): the core must finish it and the next ENC must be
 * right. $LWC_KAT_STRIDE = n runs every n-th record only.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void jambu_aes128_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("jambu-aes128", jambu_aes128_hls_core, __FILE__);
  tb.kat_file = "vectors/caesar/aesjambuv2/LWC_AEAD_KAT_128_64.txt";
  tb.tag_bytes = 8;
  return lwc_kat_main_with_flush(tb, argc, argv);
}
