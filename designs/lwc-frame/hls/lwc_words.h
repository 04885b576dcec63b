/* lwc_words.h — the bdi/bdo word helpers every HLS CipherCore needs, at any bus width CCW: the valid
 * byte lanes as a bit mask, the byte order of a word reversed, a byte value in the lane bdi_pad_loc marks.
 * Byte lane i of a word is bits 8i .. 8i+7 (lane CCW/8 - 1 is the word's first byte, as on the bus;
 * designs/lwc-frame/docs.md). All three are wiring and AND gates: one call is no state and no register.
 * Include it after `#define CCW` (if any), as lwc_cipher_core.h.
 */
#ifndef LWC_WORDS_H
#define LWC_WORDS_H

#include "lwc_cipher_core.h"

/* The valid byte lanes of a word (bdi_valid_bytes / bdo_valid_bytes) as a bit mask. */
static data_t lwc_byte_mask(data_bytes_t vb) {
  data_t m = 0;
  for (int i = 0; i < CCW / 8; i++) {
#pragma HLS UNROLL
    m(8 * i + 7, 8 * i) = vb[i] ? 0xFF : 0x00;   // (a byte lane each: no shift, no wide select)
  }
  return m;
}

/* A big-endian bus word as little-endian bytes, and back: the byte order reversed (wiring). */
static data_t lwc_bswap(data_t a) {
  data_t r = 0;
  for (int i = 0; i < CCW / 8; i++) {
#pragma HLS UNROLL
    r(8 * i + 7, 8 * i) = a(CCW - 1 - 8 * i, CCW - 8 - 8 * i);
  }
  return r;
}

/* v in the byte lane that bdi_pad_loc marks (the byte right after a partial word's data), 0 elsewhere. */
static data_t lwc_at_pad(data_bytes_t pad_loc, ap_uint<8> v) {
  data_t p = 0;
  for (int i = 0; i < CCW / 8; i++) {
#pragma HLS UNROLL
    if (pad_loc[i]) p |= data_t(v) << (8 * i);
  }
  return p;
}

#endif /* LWC_WORDS_H */
