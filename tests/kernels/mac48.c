/* Multiply-accumulate in a 48-bit signed bit-precise accumulator over an array argument. */
_BitInt(48) mac48(const short x[16], const short y[16], _BitInt(48) init) {
  _BitInt(48) acc = init;
  for (int i = 0; i < 16; i++) acc += (_BitInt(48))x[i] * y[i] * 4099;
  return acc;
}
