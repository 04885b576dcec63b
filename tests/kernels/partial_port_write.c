/* Arguments held in ports (a reshaped array, a scalar) that a call writes only in part: C leaves the
 * rest as the caller had it. One output port carries the whole argument and its valid covers all of it,
 * so the bits no store of the call wrote must be the caller's: they came out as the last value written
 * (0 in the first call, the previous call's after it), found with tests/kernels/inout_read_back.c.
 * `h` is never read (an output in C, but its other elements are the caller's), `g` is written on one
 * branch or the other, `w` has only its high half written and `v` has a half on each branch. */
#include <stdint.h>

void partial_port_write(uint16_t h[4], uint8_t g[4], uint64_t *w, uint64_t *v, uint32_t a, uint32_t c) {
#pragma HLS ARRAY_RESHAPE variable=h complete
#pragma HLS ARRAY_RESHAPE variable=g complete
  h[2] = (uint16_t)a;
  h[3] = (uint16_t)(a >> 16);
  if (c & 1)
    g[0] = (uint8_t)(g[1] + a);
  else
    g[3] = (uint8_t)(g[2] ^ c);
  ((uint32_t *)w)[1] = a ^ c;         /* bits 32..63 of *w (x86 is little-endian, as the RTL's layout) */
  if (c & 2)
    ((uint32_t *)v)[0] = a;
  else
    ((uint32_t *)v)[1] = c;
}
