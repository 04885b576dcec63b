/* tb_aegis128l_hls_core.cpp — C testbench of the AEGIS-128L HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) at CCW = 256 (tb_aegis128l_hls_core_w32.cpp: 32) on aegis_vectors.txt
 * beside this file (lines `KEY NONCE AD PT CT TAG` from gen_aegis_vectors.py: CAESAR KAT records as
 * published, then golden-model messages with AD and PT of 0..100 bytes); argv[1] names another such file.
 */
#ifndef CCW
#define CCW 256   /* tb_aegis128l_hls_core_w32.cpp: 32 */
#endif
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void aegis128l_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("aegis128l", aegis128l_hls_core, __FILE__);
  tb.vectors = "aegis_vectors.txt";
  return lwc_kat_main(tb, argc, argv);
}
