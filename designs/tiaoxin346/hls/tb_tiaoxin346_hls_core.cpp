/* tb_tiaoxin346_hls_core.cpp — C testbench of the Tiaoxin-346 HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) on tiaoxin_vectors.txt beside this file (lines `KEY NONCE AD PT CT TAG` from
 * gen_tiaoxin_vectors.py: CAESAR KAT records as published, then golden-model messages with AD and PT of 0..100 bytes); argv[1] names another such file.
 */
#define CCW 256   /* bus width (designs/lwc-frame/docs.md, "Bus width W") */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void tiaoxin346_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("tiaoxin346", tiaoxin346_hls_core, __FILE__);
  tb.vectors = "tiaoxin_vectors.txt";
  return lwc_kat_main(tb, argc, argv);
}
