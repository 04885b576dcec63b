/* Testbench of misty1_dec_hls.cpp: the encryption core's testbench with the ciphertext going in and
 * the plaintext expected (RFC 2994 Appendix A, then the 1000 `KEY PT CT` lines of
 * ../../misty1-enc/hls/vectors.txt or argv[1]). */
#define MISTY1_HLS_TOP misty1_dec
#define MISTY1_HLS_DECRYPT 1
#include "../../misty1-enc/hls/tb_misty1_hls.cpp"
