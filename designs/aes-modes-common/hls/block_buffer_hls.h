/* block_buffer_hls.h — the word side of the block-mode HLS CipherCores (ocb3-aes128, aes128-otr,
 * deoxys-i128, colm0-aes128; cloc-aes128 and silc-aes128 through aes128_cfb_aead_hls.h), the HLS side
 * of aes-modes-common/rtl/block_out_buffer.v: the bus words a cycle reads (read_words), a 128-bit
 * block assembled from 32-bit bdi words (ib_put_word, ib_put_segment_word; masks, 10* padding, one word
 * replaced), a result block sent on bdo one word per cycle or compared with the received tag
 * (ob_send_word, tag_word_differs). Stream accesses in these helpers are predicated as in the cores
 * (docs/hls-c-guide.md §3): a call costs no state.
 */
#ifndef BLOCK_BUFFER_HLS_H
#define BLOCK_BUFFER_HLS_H

#include "../../lwc-frame/hls/lwc_words.h"   // lwc_byte_mask

typedef ap_uint<128> blk_t;
typedef ap_uint<64> lane_t;
typedef ap_uint<5> nbytes_t;     // 0 .. 16 bytes of a block

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

/* Bus word w of a block into the input buffer: its valid bytes (a block's first word clears the rest),
 * the block's bytes counted. */
static void ib_put_word(blk_t ib, nbytes_t bytes, ap_uint<2> w, const public_bus &in, blk_t &ib_n, nbytes_t &bytes_n) {
  bool first = w == 0;
  ib_n = set_block_word(ib, w, in.bdi & lwc_byte_mask(in.bdi_valid_bytes), first);
  bytes_n = (first ? nbytes_t(0) : bytes) + in.bdi_size;
}

/* A word of a non-empty AD or message segment into the one-block input buffer, at word w: at the
 * block's end (its fourth word, or the segment's last) the buffer is full, holds AD or not and the
 * segment's last block or not. Returns the next word index (0 after a block's end). */
static ap_uint<2> ib_put_segment_word(blk_t ib, nbytes_t bytes, ap_uint<2> w, const public_bus &in, bool ad,
                                      blk_t &ib_n, nbytes_t &bytes_n, bool &full_n, bool &ad_n, bool &last_n) {
  ib_put_word(ib, bytes, w, in, ib_n, bytes_n);
  bool eot = in.bdi_eot;
  if (eot || w == 3) {
    full_n = true;
    ad_n = ad;
    last_n = eot;
  }
  return eot ? ap_uint<2>(0) : ap_uint<2>(w + 1);
}

/* The bus words of a cycle: between messages (`idle`) key words first, else the first NPUB word (the
 * loop waits for it); then the words the state is due to take (`due`: the other NPUB words, tag words;
 * waited for) and AD / message words while the input buffer has room (`room`; never waited for).
 * kw and in are left as they were unless read. */
struct words_taken_t {
  bool key, data;   // a key word, an AD / message word was read
};
static words_taken_t read_words(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi, bool idle, bool due,
                                bool room, secret_bus &kw, public_bus &in) {
  words_taken_t t;
  t.key = idle && !key.empty();
  bool take_first = idle && !t.key;
  t.data = room & !bdi.empty();
  bool take_bdi = take_first || due || t.data;
  if (t.key) kw = key.read();
  if (take_bdi) in = bdi.read();
  return t;
}

/* bdo in a cycle: the output buffer's top word goes out when `send` and it holds bytes; the buffer then
 * shifts to its next word and counts the bytes down, as it does after a received tag word was compared
 * with its top word (`compared`, DEC). */
static void ob_send_word(hls::stream<output_bus> &bdo, bool send, bool compared, blk_t ob, nbytes_t bytes,
                         seg_type_t type, blk_t &ob_n, nbytes_t &bytes_n) {
  bool emit = send & (bytes != 0);
  if (emit) bdo.write(ob_word(ob, bytes, type));
  ob_n = ob;
  bytes_n = bytes;
  if (emit | compared) {
    ob_n = ob << 32;
    bytes_n = bytes - ob_take(bytes);
  }
}

/* DEC: a received tag word differs from the computed tag's word on top of the output buffer. */
static bool tag_word_differs(blk_t ob, data_t word) {
  return word != data_t(ob(127, 96));
}

/* (The two never-waiting forms below are written after the helpers above so that those keep their
 * line numbers, which name the generated signals of the cores that use them.) */

/* The bus words of a cycle, never waiting (the RTL cores' handshakes; aes128-otr, cloc-aes128): every
 * read is predicated on its own stream's empty(), so the loop never stalls on a handshake input and
 * the inputs' valid signals reach only the logic that uses the word (docs/compiler.md, "Streams").
 * Between messages (`idle`) a key word, else the first NPUB word; the words the state is due to take
 * (`due`: the other NPUB words, tag words); AD / message words while the input buffer has room. The
 * flags say which was read: the state acts on a due word only when `due` is set. */
struct words_got_t {
  bool key, first, due, data;   // a key word, the first NPUB word, a due word, an AD / message word
};
static words_got_t read_words_nb(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi, bool idle, bool due,
                                 bool room, secret_bus &kw, public_bus &in) {
  words_got_t t;
  bool key_waits = !key.empty(), bdi_waits = !bdi.empty();
  t.key = idle && key_waits;
  t.first = idle && !key_waits && bdi_waits;
  t.due = due && bdi_waits;
  t.data = room && bdi_waits;
  if (t.key) kw = key.read();
  if (t.first || t.due || t.data) in = bdi.read();
  return t;
}

/* ob_send_word, never waiting: the top word goes out only when bdo can take it (!bdo.full()), else the
 * buffer holds it and the loop goes on (the RTL's block_out_buffer). */
static void ob_send_word_nb(hls::stream<output_bus> &bdo, bool send, bool compared, blk_t ob, nbytes_t bytes,
                            seg_type_t type, blk_t &ob_n, nbytes_t &bytes_n) {
  ob_send_word(bdo, send & !bdo.full(), compared, ob, bytes, type, ob_n, bytes_n);
}

#endif /* BLOCK_BUFFER_HLS_H */
