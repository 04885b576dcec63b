/* tb_deoxys_i128_hls_core.cpp — C testbench of the Deoxys-I-128 HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per message key, ENC,
 * DEC, DEC with a flipped tag bit) on deoxys_vectors.txt beside this file (lines `KEY NONCE AD PT CT TAG` from
 * gen_deoxys_vectors.py: 49 KAT records of deoxysneq128128v13 as published, then golden-model messages with AD and PT of 0..80 bytes); argv[1] names another such file.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void deoxys_i128_hls_core(LWC_CORE_PARAMS);

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("deoxys-i128", deoxys_i128_hls_core, __FILE__);
  tb.vectors = "deoxys_vectors.txt";
  return lwc_kat_main(tb, argc, argv);
}
