/* Signed bit-precise arithmetic: arithmetic shift and wrap at 20 bits. */
_BitInt(20) bitint20s(_BitInt(20) a, _BitInt(20) b) { return (a >> 3) - b * 5; }
