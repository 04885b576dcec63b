/* Testbench of aes_x2_hls.cpp: the aes128-ecb-enc `hls` testbench (FIPS-197 C.1 and B, SP 800-38A
 * F.1.1, the 1000 vectors of aes128-ecb-enc/hls/vectors.txt or argv[1]) run against the x2 top. */
#define AES_HLS_TOP aes128_ecb_enc_x2
#include "../../aes128-ecb-enc/hls/tb_aes_hls.cpp"
