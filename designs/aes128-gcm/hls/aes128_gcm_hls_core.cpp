/* aes128_gcm_hls_core.cpp — AES-128-GCM (NIST SP 800-38D, 96-bit IV, 16-byte tag) CipherCore in HLS
 * C++ for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it (Fig. 4-6): the public,
 * secret and output groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h),
 * msg_auth a stream of bool. The architecture is the RTL core's (designs/aes128-gcm/rtl/aes128_gcm_core.v,
 * docs.md): an iterative AES-128 (one round per cycle, round keys on the fly; the AES helpers of
 * designs/aes128-ecb-enc/hls/aes128_hls.h), a digit-serial GHASH multiplier (16 bits per cycle, 8 cycles
 * per block), H = AES_K(0) per key, E_K(J0) then the keystream E_K(inc32^i(J0)) computed ahead into a
 * one-block buffer, tag = GHASH xor E_K(J0). Reference: src/cryptohls/golden/gcm.py.
 *
 * Written as the ascon-aead128 HLS core: the body is one loop, one iteration per clock cycle, the
 * RTL's registers are loop variables, every condition a select and every stream access predicated.
 * One difference from the RTL: its bdi_ready in the PT/CT state looks at bdi_size (a size-0 word is
 * taken at once, a data word only with a keystream block ready); a predicated read cannot depend on
 * the word it reads, so a PT/CT word is taken when one is there and x has room and, if it finds no
 * keystream block, held in a one-word register until the block is there. RTL's cycles (docs.md).
 *
 * What keeps the loop body one state (docs.md, "HLS CipherCore"): selects between 128-bit values
 * written as `if (c) v = w;` on values (a `c ? a : b` of two 128-bit objects became a select of their
 * addresses, i.e. one register pool), bus words chosen by a 4-way select (no variable shift), the key
 * and H as loop variables (the statics are read before the loop and written after it), `&`/`|` where
 * `&&`/`||` kept a branch, and 1-bit slices for the GHASH step's bit tests.
 */
#include "../../lwc-frame/hls/lwc_words.h"   // lwc_byte_mask
#include "../../aes128-ecb-enc/hls/aes128_hls.h"
#include "../../aes-modes-common/hls/block_buffer_hls.h"   // blk_t, set_block_word

/* 16 Horner steps Z = Z * x ^ a_j * H, a_j from a[0] (the coefficient of x^127 of the operand) up;
 * * x is SP 800-38D's right shift with reduction by R = 11100001 || 0^120: the bit shifted out, z0,
 * copied onto R's set bits (wires, no select), so a step is one XOR level on Z's path. */
static blk_t ghash_digit(blk_t z, ap_uint<16> a, blk_t h) {
#pragma HLS INLINE
  const ap_uint<4> zero4 = 0;
  for (int j = 0; j < 16; j++) {
#pragma HLS UNROLL
    const ap_uint<1> z0 = z(0, 0);
    const ap_uint<8> r = (z0, z0, z0, zero4, z0);   // 11100001 if z0
    const ap_uint<1> aj = a(j, j);
    z = (z >> 1) ^ (blk_t(r) << 120) ^ (aj ? h : blk_t(0));
  }
  return z;
}

/* Bus word w (0 .. 3) of a block, big-endian: bits 127 - 32w .. 96 - 32w. A 4-way select, no
 * shifter. */
static data_t block_word(blk_t b, ap_uint<2> w) {
  data_t w0 = b(127, 96), w1 = b(95, 64), w2 = b(63, 32), w3 = b(31, 0);
  data_t lo = w[0] ? w1 : w0, hi = w[0] ? w3 : w2;
  return w[1] ? hi : lo;
}

enum core_state_t { C_IDLE, C_HKEY, C_NPUB, C_AD, C_MSG, C_LEN, C_FIN, C_TAG_OUT, C_TAG_IN, C_AUTH };
typedef ap_uint<10> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))

void aes128_gcm_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                         hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key and H = AES_K(0), held between messages (statics: the top restarts per message): loop
  // variables inside the loop, stored back as it ends. As 64-bit halves: a 128-bit static is stored
  // as two 64-bit writes of one register, which would take two cycles.
  static lane_t k_hi, k_lo, h_hi, h_lo;
  blk_t k = (k_hi, k_lo), h = (h_hi, h_lo);
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<2> w = 0;
  bool dec = false, bad = false, done;
  ap_uint<16> ad_len = 0, msg_len = 0;
  // AES unit: dst 0 = H, 1 = E_K(J0), 2 = keystream
  bool aes_busy = false, tm_ok = false, ks_ok = false;
  ap_uint<4> rnd = 0;
  ap_uint<8> rcon = 1;
  ap_uint<2> dst = 0;
  blk_t as = 0, rk = 0, cb = 0, tm = 0, ks = 0;
  // GHASH unit
  blk_t x = 0, y = 0, a = 0;
  bool x_full = false, m_busy = false;
  // a PT/CT word taken before its keystream block was ready
  bool pend = false;
  data_t held_bdi = 0;
  data_bytes_t held_vb = 0;
  bsize_t held_size = 0;
  bool held_eot = false;
  ap_uint<3> m_cnt = 0;
  do {
#ifndef __SYNTHESIS__
    // C simulation: nothing more to do (break, not return: the key and H are stored below; dec is
    // still false, since C_IDLE is left for good by the first NPUB word)
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;
#endif
    const onehot_t cur = st;
    // the state as plain bools (`&&`/`||` on them are logic, not branches)
    const bool s_idle = cur[C_IDLE], s_hkey = cur[C_HKEY], s_npub = cur[C_NPUB], s_ad = cur[C_AD];
    const bool s_msg = cur[C_MSG], s_len = cur[C_LEN], s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT];
    const bool s_tag_in = cur[C_TAG_IN], s_auth = cur[C_AUTH];
    const blk_t k_now = k, h_now = h, y_now = y;
    bool w3 = w == 3;
    bool take_key = s_idle && !key.empty();
    bool take_first = s_idle && !take_key;
    // AD, PT/CT words: taken while x has room (bitwise: no short-circuit branch); a PT/CT word that
    // finds no keystream block is held (below) and no further word is taken meanwhile
    // only when a word is there (a predicated read waits for its word and so would stop the AES and
    // the multiplier too; the RTL core's units run on while it waits)
    bool bdi_there = !bdi.empty();
    bool take_ad = s_ad & !x_full & bdi_there;
    bool take_msg = s_msg & !pend & !x_full & bdi_there;
    bool take_bdi = take_first || s_npub || take_ad || take_msg || s_tag_in;
    secret_bus kw;
    public_bus rd;   // unspecified unless read (then never used)
    if (take_key) kw = key.read();
    if (take_bdi) rd = bdi.read();
    // the word of this cycle: the held PT/CT word, else the one read (field by field: values, not a
    // select between two structs)
    public_bus in = rd;
    in.bdi = pend ? held_bdi : rd.bdi;
    in.bdi_valid_bytes = pend ? held_vb : rd.bdi_valid_bytes;
    in.bdi_size = pend ? held_size : rd.bdi_size;
    in.bdi_eot = pend ? held_eot : rd.bdi_eot;

    bool empty = !in.bdi_valid_bytes[3];
    bool last = in.bdi_eot;
    bool blk_end = last || w3;
    data_t m = lwc_byte_mask(in.bdi_valid_bytes);
    data_t ksw = block_word(ks, w);
    data_t out_word = (ksw ^ in.bdi) & m;
    data_t ct_word = dec ? data_t(in.bdi & m) : out_word;
    blk_t tag = y ^ tm;
    data_t tag_word = block_word(tag, w);

    // block data out
    output_bus o;
    // a PT/CT word is used when the keystream block is ready (a size-0 word at once, as the RTL
    // core, which looks at bdi_size before it takes the word)
    bool msg_go = s_msg & (pend | take_msg) & !x_full & (ks_ok | empty);
    bool hold = s_msg & (pend | take_msg) & !msg_go;
    bool msg_word = msg_go & !empty;
    o.bdo = msg_word ? out_word : tag_word;
    o.bdo_type = msg_word ? (dec ? LWC_TYPE_PT : LWC_TYPE_CT) : LWC_TYPE_TAG;
    o.bdo_valid_bytes = msg_word ? in.bdi_valid_bytes : data_bytes_t(0xF);
    o.end_of_block = msg_word ? blk_end : w3;
    if (msg_word || s_tag_out) bdo.write(o);

    // ---- word path and control ----
    // What the AES and GHASH units need from this cycle's word, as flat logic (not through the state
    // chain below, which would put a select per state on their paths):
    bool data_word = (take_ad | msg_go) & !empty;         // an AD or PT/CT word of size > 0
    bool ks_used = msg_word & blk_end;                    // the keystream block is used up
    bool x_push = (data_word & blk_end) | (s_len & !x_full);   // a block (or the length block) into x
    bool start_h = take_key & w3;                         // the last key word: H = AES_K(0)
    bool start_tm = s_npub & (w == 2);                    // the last NPUB word: E_K(J0)
    blk_t x_new = x;
    // the key: stored every cycle (a static written under a condition would be a branch)
    blk_t k_next = k_now;
    if (take_key) k_next = set_block_word(k_now, w, kw.key, false);
    k = k_next;
    if (s_idle) {
      if (take_key) {
        w = w + 1;
        if (w3) st = ONE_HOT(C_HKEY);
      } else {
        dec = in.decrypt_in;
        cb = (in.bdi, ap_uint<64>(0), ap_uint<32>(1));
        w = 1;
        st = ONE_HOT(C_NPUB);
      }
    } else if (s_hkey) {
      if (!aes_busy) st = ONE_HOT(C_IDLE);
    } else if (s_npub) {
      cb = set_block_word(cb, w, in.bdi, false);
      w = w + 1;
      if (start_tm) {     // the third word was taken: J0 complete
        w = 0;
        ad_len = 0;
        msg_len = 0;
        y = 0;
        bad = false;
        st = ONE_HOT(C_AD);
      }
    } else if (s_ad) {
      if (take_bdi) {
        if (empty) {
          st = ONE_HOT(C_MSG);
        } else {
          ad_len += in.bdi_size;
          x_new = set_block_word(x, w, in.bdi & m, w == 0);
          w = last ? ap_uint<2>(0) : ap_uint<2>(w + 1);
          if (last) st = ONE_HOT(C_MSG);
        }
      }
    } else if (s_msg) {
      if (msg_go) {
        if (empty) {
          st = ONE_HOT(C_LEN);
        } else {
          msg_len += in.bdi_size;
          x_new = set_block_word(x, w, ct_word, w == 0);
          w = last ? ap_uint<2>(0) : ap_uint<2>(w + 1);
          if (last) st = ONE_HOT(C_LEN);
        }
      }
    } else if (s_len) {
      if (!x_full) {
        x_new = (ap_uint<45>(0), ad_len, ap_uint<3>(0), ap_uint<45>(0), msg_len, ap_uint<3>(0));
        st = ONE_HOT(C_FIN);
      }
    } else if (s_fin) {
      if (!x_full && !m_busy && tm_ok) {
        w = 0;
        st = dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_TAG_OUT);
      }
    } else if (s_tag_out) {
      w = w + 1;
      if (w3) st = ONE_HOT(C_IDLE);
    } else if (s_tag_in) {
      bad = bad || (in.bdi != tag_word);
      w = w + 1;
      if (w3) st = ONE_HOT(C_AUTH);
    } else {             // C_AUTH: msg_auth goes out as the loop ends
      st = ONE_HOT(C_IDLE);
    }
    done = (s_tag_out && w3) || s_auth;
    bool ks_free = !ks_ok || ks_used;

    // ---- AES unit ----
    blk_t rk_next = aes_key_step(rk, rcon);
    blk_t round_out = aes_enc_round(as, rk_next, rnd == 10);
    bool final_round = aes_busy && rnd == 10;
    bool deliver = final_round && (dst != 2 || ks_free);
    bool deliver_h = deliver && dst == 0, deliver_tm = deliver && dst == 1, deliver_ks = deliver && dst == 2;
    blk_t h_next = h_now;
    if (deliver_h) h_next = round_out;
    h = h_next;
    if (deliver_tm) tm = round_out;
    if (deliver_ks) ks = round_out;
    tm_ok = deliver_tm || (tm_ok && !start_tm);
    ks_ok = deliver_ks || (ks_ok && !ks_used && !start_tm);
    bool running = aes_busy && !final_round;
    bool busy_after = running || (final_round && !deliver);
    bool start_ks = (s_ad || s_msg) && !busy_after;
    bool start = start_ks || start_h || start_tm;
    bool abort = s_tag_out || s_tag_in || (s_idle && !start_h);
    ap_uint<64> iv_hi = cb(127, 64);
    ap_uint<96> cb_hi = cb(127, 32);
    ap_uint<32> ctr = cb(31, 0);
    blk_t j0 = (iv_hi, in.bdi, ap_uint<32>(1));
    blk_t start_in = cb, key_in = k_now;
    if (start_tm) start_in = j0;
    if (start_h) {
      start_in = 0;
      key_in = set_block_word(k_now, 3, kw.key, false);
    }
    blk_t cb_next = (cb_hi, ap_uint<32>(ctr + 1));
    if (start_tm) cb_next = (iv_hi, in.bdi, ap_uint<32>(2));
    if (start) {
      as = start_in ^ key_in;
      rk = key_in;
      rcon = 1;
      rnd = 1;
      dst = start_h ? 0 : start_tm ? 1 : 2;
      cb = cb_next;
    } else if (running) {
      as = round_out;
      rk = rk_next;
      rcon = aes_xtime(rcon);
      rnd = rnd + 1;
    }
    aes_busy = (start || busy_after) && !abort;

    // ---- GHASH unit ----
    if (m_busy) {
      y = ghash_digit(y_now, ap_uint<16>(a(15, 0)), h_now);
      a = a >> 16;
      m_busy = m_cnt != 7;
      m_cnt = m_cnt + 1;
      x_full = x_full || x_push;
    } else if (x_full) {
      a = y ^ x;
      y = 0;
      m_cnt = 0;
      m_busy = true;
      x_full = x_push;
    } else {
      x_full = x_push;
    }
    x = x_new;
    held_bdi = in.bdi;
    held_vb = in.bdi_valid_bytes;
    held_size = in.bdi_size;
    held_eot = in.bdi_eot;
    pend = hold;
  } while (!done);
  k_hi = k(127, 64);
  k_lo = k(63, 0);
  h_hi = h(127, 64);
  h_lo = h(63, 0);
  if (dec) msg_auth.write(!bad);   // DEC: in the AUTH cycle, as the RTL core
}
