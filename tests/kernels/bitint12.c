/* Bit-precise unsigned arithmetic: wraps at 12 bits. */
unsigned _BitInt(12) bitint12(unsigned _BitInt(12) a, unsigned _BitInt(12) b) { return a * b + 7 - (a >> 3); }
