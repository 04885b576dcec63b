/* Testbench of aes_ctr_pipe_hls.cpp (the `hls` variant of aes128-ctr-pipe): csim runs it natively.
 * The core has aes128-ctr's stream format, so the test is aes128-ctr's testbench (SP 800-38A F.5.1/F.5.2
 * and designs/aes128-ctr/hls/ctr_vectors.txt, or argv[1]) with this core's top.
 */
#define CTR_TOP aes128_ctr_pipe
#include "../../aes128-ctr/hls/tb_aes_ctr_hls.cpp"
