/* A tiny kernel for the tests of `cryptohls explore`: a rotate-and-xor fold of 16 words.
 * FOLD_UNROLL (a -D of the space file) selects the loop's directive through #if; FOLD_WRONG
 * breaks the function on purpose (the tests' failing point). */
#include <stdint.h>

uint32_t fold16(const uint32_t in[16]) {
    uint32_t acc = 0x9e3779b9u;
FOLD:
    for (int i = 0; i < 16; i++) {
#if FOLD_UNROLL == 4
#pragma HLS UNROLL factor=4
#elif FOLD_UNROLL == 16
#pragma HLS UNROLL
#endif
        acc = ((acc << 3) | (acc >> 29)) ^ in[i];
    }
#ifdef FOLD_WRONG
    acc ^= 1u;
#endif
    return acc;
}
