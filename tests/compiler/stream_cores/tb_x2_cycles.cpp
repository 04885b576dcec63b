/* The ECB cycle testbench for the two-rounds-per-cycle core. */
#define TOP aes128_ecb_enc_x2
#include "tb_ecb_cycles.cpp"
