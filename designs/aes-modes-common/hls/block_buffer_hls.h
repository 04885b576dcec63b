/* block_buffer_hls.h — the 32-bit-word <-> 128-bit-block buffers of the block-mode HLS CipherCores
 * (ocb3-aes128, aes128-otr, deoxys-i128, colm0-aes128; cloc-aes128 and silc-aes128 through
 * aes128_cfb_aead_hls.h), the HLS side of aes-modes-common/rtl/block_out_buffer.v: a block
 * assembled from bdi words (masks, 10* padding, one word replaced) and a result block sent on bdo
 * one word per cycle.
 */
#ifndef BLOCK_BUFFER_HLS_H
#define BLOCK_BUFFER_HLS_H

#include "../../lwc-frame/hls/lwc_cipher_core.h"

typedef ap_uint<128> blk_t;
typedef ap_uint<64> lane_t;
typedef ap_uint<5> nbytes_t;     // 0 .. 16 bytes of a block

/* Byte lanes of a bus word as a bit mask. */
static data_t word_mask(data_bytes_t vb) {
  data_t m = 0;
  for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
    if (vb[i]) m |= data_t(0xFF) << (8 * i);
  }
  return m;
}

/* The first n bytes of a block (n = 0 .. 16) as a bit mask. */
static blk_t block_mask(nbytes_t n) {
  blk_t m = 0;
  for (int i = 0; i < 16; i++) {
#pragma HLS UNROLL
    if (i < n) m.range(127 - 8 * i, 120 - 8 * i) = 0xFF;
  }
  return m;
}

/* 10* padding of an n-byte block (bytes past n are zero; n = 16: the block as it is). */
static blk_t pad10(blk_t x, nbytes_t n) {
  blk_t p = x;
  for (int i = 0; i < 16; i++) {
#pragma HLS UNROLL
    if (i == n) p.range(127 - 8 * i, 120 - 8 * i) = 0x80;
  }
  return p;
}

/* Block b with bus word w replaced by v; `first` clears the other words (a block's first word). */
static blk_t set_block_word(blk_t b, ap_uint<2> w, data_t v, bool first) {
  data_t z = 0;
  data_t o0 = first ? z : data_t(b(127, 96)), o1 = first ? z : data_t(b(95, 64));
  data_t o2 = first ? z : data_t(b(63, 32)), o3 = first ? z : data_t(b(31, 0));
  bool s0 = w == 0, s1 = w == 1, s2 = w == 2, s3 = w == 3;
  data_t n0 = s0 ? v : o0, n1 = s1 ? v : o1, n2 = s2 ? v : o2, n3 = s3 ? v : o3;
  return (n0, n1, n2, n3);
}

/* Bytes of the output buffer's top word: 4, or the block's last `bytes`. */
static nbytes_t ob_take(nbytes_t bytes) {
  return bytes > 4 ? nbytes_t(4) : bytes;
}

/* The output buffer's top word as bdo sends it: its valid bytes, end_of_block with the block's last. */
static output_bus ob_word(blk_t ob, nbytes_t bytes, seg_type_t type) {
  nbytes_t take = ob_take(bytes);
  output_bus o;
  o.bdo = ob(127, 96);
  o.bdo_type = type;
  o.bdo_valid_bytes = take == 4 ? 0xF : take == 3 ? 0xE : take == 2 ? 0xC : 0x8;
  o.end_of_block = bytes <= 4;
  return o;
}

#endif /* BLOCK_BUFFER_HLS_H */
