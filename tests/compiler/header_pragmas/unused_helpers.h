/* A helper library of which the top below uses one function: clang emits no body for the others,
 * and their pragmas (a loop pragma, a variable pragma, INLINE) must be ignored, not reported. */
#ifndef UNUSED_HELPERS_H
#define UNUSED_HELPERS_H

static unsigned unused_sum(const unsigned v[4]) {
#pragma HLS INLINE
    unsigned acc = 0;   /* "{" in a comment and '}' in a literal do not move the brace depth */
    for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
        acc += v[i] + '}';
    }
    return acc;
}

static unsigned used_twice(unsigned a) {
    unsigned t[2];
#pragma HLS ARRAY_PARTITION variable=t complete
    t[0] = a; t[1] = a << 1;
    return t[0] ^ t[1];
}

#endif
