/* Helpers whose pragmas live in this header, not in the source that includes it. */
#ifndef SUM_HELPERS_H
#define SUM_HELPERS_H

static unsigned sum4(const unsigned v[4]) {
    unsigned acc = 0;
    for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
        acc += v[i];
    }
    return acc;
}

static unsigned mix_local(unsigned a, unsigned b) {
    unsigned t[4];
#pragma HLS ARRAY_PARTITION variable=t complete
    t[0] = a; t[1] = b; t[2] = a ^ b; t[3] = a & b;
    unsigned acc = sum4(t);
    for (int i = 0; i < 4; i++) {   /* no pragma: stays a loop, reads t with a variable index */
        acc = (acc << 1) ^ t[i];
    }
    return acc;
}

#endif
