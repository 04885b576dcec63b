/* jambu_bytes_hls.h — the byte masks of a JAMBU block in the HLS CipherCores (jambu-aes128: 8-byte
 * blocks, jambu-simon96: 6-byte blocks), the HLS side of jambu-common/rtl/jambu_mode.v's mask_first
 * and pad_at. A block is an ap_uint<8 * N>, first byte on top.
 *
 * The byte positions are small counters, so these are selects among constants (a variable shift of an
 * ap_uint is a helper with branches of its own, which a loop body cannot take as one state).
 */
#ifndef JAMBU_BYTES_HLS_H
#define JAMBU_BYTES_HLS_H

#include "../../lwc-frame/hls/lwc_cipher_core.h"

/* the first n bytes of an N-byte block (n = 0 .. N) */
template <int N>
static ap_uint<8 * N> first_bytes_mask(ap_uint<4> n) {
  ap_uint<8 * N> m = 0;
  for (int i = 0; i < N; i++) {
#pragma HLS UNROLL
    m |= (n > i ? ap_uint<8 * N>(0xFF) : ap_uint<8 * N>(0)) << (8 * (N - 1 - i));
  }
  return m;
}

/* the padding byte 80 at byte n of an N-byte block (n = 0 .. N - 1) */
template <int N>
static ap_uint<8 * N> pad_byte_at(ap_uint<4> n) {
  ap_uint<8 * N> p = 0;
  for (int i = 0; i < N; i++) {
#pragma HLS UNROLL
    p |= (n == i ? ap_uint<8 * N>(0x80) : ap_uint<8 * N>(0)) << (8 * (N - 1 - i));
  }
  return p;
}

#endif /* JAMBU_BYTES_HLS_H */
