/* tb_norx3241v2_hls_core.cpp — C testbench of the NORX32-4-1 v2.0 HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per KAT record key, ENC,
 * DEC of the published CT || tag, the same DEC with a flipped tag bit) on the published
 * <shared>/vectors/caesar/norx3241v2/LWC_AEAD_KAT_128_64.txt; argv[1] names another KAT file.
 */
#define CCW 384   /* bus width (designs/lwc-frame/docs.md, "Bus width W") */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void norx3241v2_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("norx3241v2", norx3241v2_hls_core, __FILE__);
  tb.kat_file = "vectors/caesar/norx3241v2/LWC_AEAD_KAT_128_64.txt";
  return lwc_kat_main(tb, argc, argv);
}
