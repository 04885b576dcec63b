/* Arguments held in ports (scalar pointers, partitioned and reshaped arrays) read back after they are
 * written, in one call: C reads the value written, the
 * input port holds the caller's. opt forwards a store to a later load only when nothing in between may
 * write the same place; here the store through `s` (a uint32_t * as well) may, so the load of `*r` stayed, and
 * the RTL read r's input port: s came out as b + the caller's r (Vitis's dsa test, whose verify() reads
 * the `r` sign() wrote, returned false); a partitioned array's element read the same way. Now such an
 * argument has registers of its values in the call. */
#include <stdint.h>

void inout_read_back(uint32_t *r, uint32_t *s, uint64_t *w, uint32_t t[4], uint16_t h[4], uint32_t a, uint32_t b) {
#pragma HLS ARRAY_PARTITION variable=t complete
#pragma HLS ARRAY_RESHAPE variable=h complete
  *r = a + 1;
  *s = b;
  *s = *s + *r;                      /* read back after the store through s */
  for (int i = 0; i < 4; i++) {      /* a loop: each trip reads what the last one wrote */
    *w = (*w << 8) ^ *r;
    *r = *r * 3 + i;
  }
  *w ^= (uint64_t)*s << 32;          /* a loop's result read back after the loop */
  *s ^= (uint32_t)*w;
  t[0] = a;
  *s += 1;                           /* may write t[0] as far as opt knows */
  t[1] = t[0] ^ t[3];
  h[0] = (uint16_t)(h[0] ^ a);       /* every element written (some only: partial_port_write.c) */
  h[1] = (uint16_t)(h[1] + 1);
  h[2] = (uint16_t)b;
  *s += 2;
  h[3] = (uint16_t)(h[2] + h[0]);
}
