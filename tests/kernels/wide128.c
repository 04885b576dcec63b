/* 128-bit bit-precise arithmetic: ports wider than 64 bits (a VlWide port in Verilator). */
unsigned _BitInt(128) wide128(unsigned _BitInt(128) a, unsigned _BitInt(128) b, unsigned _BitInt(72) *c) {
  *c = (unsigned _BitInt(72))(a >> 50) ^ (unsigned _BitInt(72))b;
  return (a + (b << 7)) ^ (a >> 61);
}
