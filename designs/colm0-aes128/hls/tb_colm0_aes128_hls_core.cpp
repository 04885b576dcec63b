/* tb_colm0_aes128_hls_core.cpp — C testbench of the COLM0-AES128 HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) on colm0_vectors.txt beside this file (lines `KEY NONCE AD PT CT TAG`
 * from gen_colm0_vectors.py: 49 KAT records as published, then golden-model messages); argv[1] names
 * another such file. The PT of the DEC with a wrong tag is not checked: COLM's tag holds bytes of C[l],
 * so the flipped bit changes M[l] too (the frame drops that PT anyway).
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void colm0_aes128_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("colm0-aes128", colm0_aes128_hls_core, __FILE__);
  tb.vectors = "colm0_vectors.txt";
  tb.forged_pt = false;
  return lwc_kat_main(tb, argc, argv);
}
