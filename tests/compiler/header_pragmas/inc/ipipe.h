/* A header reached only through -I (tests/compiler/test_header_pragmas.py): its directives apply as
 * those of a local header do; one in a branch the preprocessor drops is neither applied nor checked. */
#ifndef IPIPE_H
#define IPIPE_H
#include <stdint.h>

static inline uint32_t ipipe_walk(uint32_t seed, uint32_t n) {
    uint32_t acc = seed;
    for (uint32_t i = 0; i < n; i++) {
#pragma HLS PIPELINE II=1
#if 0
#pragma HLS NOT_A_DIRECTIVE
#endif
        acc = (acc * 2654435761u) ^ (acc >> 13) ^ i;
    }
    return acc;
}

#endif
