/* aegis128l_hls_core_w32.cpp — variant hls-w32: the HLS CipherCore of aegis128l_hls_core.cpp at
 * CCW = 32 (the frame at W = 32). The same C and function; a 32-byte block is 8 bdi words, one per
 * cycle, absorbed with the last, nonce and tag 4 words each. */
#define CCW 32
#include "aegis128l_hls_core.cpp"
