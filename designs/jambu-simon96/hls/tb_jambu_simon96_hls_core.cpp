/* tb_jambu_simon96_hls_core.cpp — C testbench of the JAMBU-SIMON HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per KAT record key,
 * ENC, DEC of the published CT || tag, the same DEC with a flipped tag bit) with JAMBU-SIMON's sizes
 * (key 3 words, NPUB 6 bytes, tag 6 bytes) on <shared>/vectors/caesar/simonjambu96v2/LWC_AEAD_KAT_96_48.txt.
 * Then a DEC ended as the frame's flush ends it (an all-zero 6-byte tag): the core must finish it and
 * the next ENC must be right. $LWC_KAT_STRIDE = n runs every n-th record only.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void jambu_simon96_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("jambu-simon96", jambu_simon96_hls_core, __FILE__);
  tb.kat_file = "vectors/caesar/simonjambu96v2/LWC_AEAD_KAT_96_48.txt";
  tb.tag_bytes = 6;
  return lwc_kat_main_with_flush(tb, argc, argv);
}
