/* tb_acorn128v2_hls_core.cpp — C testbench of the ACORN-128 v2 HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per KAT record key, ENC,
 * DEC of the published CT || tag, the same DEC with a flipped tag bit) on the published
 * <shared>/vectors/caesar/acorn128v2/LWC_AEAD_KAT_128_128.txt; argv[1] names another KAT file.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void acorn128v2_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("acorn128v2", acorn128v2_hls_core, __FILE__);
  tb.kat_file = "vectors/caesar/acorn128v2/LWC_AEAD_KAT_128_128.txt";
  return lwc_kat_main(tb, argc, argv);
}
