/* tb_aegis128l_hls_core_w32.cpp — the C testbench of tb_aegis128l_hls_core.cpp at CCW = 32 (variant hls-w32). */
#define CCW 32
#include "tb_aegis128l_hls_core.cpp"
