/* tb_morus1280128v1_hls_core.cpp — C testbench of the MORUS-1280-128 v1 HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per KAT record key, ENC,
 * DEC of the published CT || tag, the same DEC with a flipped tag bit) on the published
 * <shared>/vectors/caesar/morus1280128v1/LWC_AEAD_KAT_128_128.txt; argv[1] names another KAT file.
 */
#define CCW 256   /* bus width (designs/lwc-frame/docs.md, "Bus width W") */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void morus1280128v1_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("morus1280128v1", morus1280128v1_hls_core, __FILE__);
  tb.kat_file = "vectors/caesar/morus1280128v1/LWC_AEAD_KAT_128_128.txt";
  return lwc_kat_main(tb, argc, argv);
}
