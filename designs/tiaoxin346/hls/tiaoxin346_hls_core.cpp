/* tiaoxin346_hls_core.cpp — Tiaoxin-346 v2 (CAESAR round 2, SUPERCOP tiaoxinv2; 16-byte key, nonce and
 * tag) CipherCore in HLS C++ for the LWC frame, with a 256-bit data bus (CCW = 256): one 32-byte
 * message block per bdi word and per clock cycle.
 *
 * The interface is the frame's CipherCore port list: structs on hls::streams
 * (designs/lwc-frame/hls/lwc_cipher_core.h, with CCW defined first), msg_auth a stream of bool. The
 * architecture is the RTL core's (designs/tiaoxin346/rtl/tiaoxin346_core.v, docs.md): registers T3,
 * T4, T6 of 3, 4 and 6 128-bit words, one Update per cycle (six AES rounds side by side, aes_enc_round
 * of designs/aes128-ecb-enc/hls/aes128_hls.h) run with a zero message, the message then xored into
 * each register's word 0; one keystream (k0, k1) for ENC (C0 = k0 ^ M0, C1 = k1 ^ M0 ^ M1) and DEC.
 * Phases: the NPUB word loads the state, 15 x (Z0, Z1, Z0), the AD and PT/CT blocks, then
 * (|AD|, |M|, |AD| ^ |M|) and 20 x (Z1, Z0, Z1); the tag (XOR of the 13 words) goes out as one word
 * (ENC) or is compared with the TAG word (DEC). Reference: src/cryptohls/golden/tiaoxinv2.py.
 *
 * Written as aegis128l's HLS core: one loop, one iteration per clock cycle, the RTL's registers are
 * loop variables, every condition a select and every stream access predicated.
 */
#define CCW 256
#include "../../lwc-frame/hls/lwc_words.h"
#include "../../aes128-ecb-enc/hls/aes128_hls.h"

typedef ap_uint<128> blk_t;
typedef ap_uint<64> lane_t;
typedef ap_uint<61> len_t;   // bytes

// SHA-512's first four round constants
static const blk_t Z0 = (lane_t(0x428a2f98d728ae22ULL), lane_t(0x7137449123ef65cdULL));
static const blk_t Z1 = (lane_t(0xb5c0fbcfec4d3b2fULL), lane_t(0xe9b5dba58189dbbcULL));

enum core_state_t { C_IDLE, C_INIT, C_AD, C_MSG, C_FIN, C_TAG_OUT, C_TAG_IN, C_AUTH };
typedef ap_uint<8> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))

void tiaoxin346_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                         hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key, held between messages (statics: the top restarts per message), as 64-bit halves: a
  // 128-bit static is stored as two 64-bit writes of one register, which would take two cycles.
  static lane_t k_hi, k_lo;
  blk_t a0 = 0, a1 = 0, a2 = 0;                          // T3
  blk_t b0 = 0, b1 = 0, b2 = 0, b3 = 0;                  // T4
  blk_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;  // T6
  len_t ad_len = 0, msg_len = 0;
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<5> cnt = 0;   // INIT / FIN updates
  bool dec = false, bad = false, done;
  // msg_auth's predicate: the AUTH flag of the last iteration, not dec's new value (the compiler's
  // handshakes AND every access's predicate, and dec's new value is a select on key_valid and the
  // bdi word's decrypt_in, which put them in front of bdi_ready and key_ready; same value: only DEC
  // ends in AUTH, ENC in TAG_OUT)
  bool auth = false;
  bool verdict;   // msg_auth's value: !bad as the iteration starts (the register; AUTH changes no bad)
  // Whether the key stream had a word in the last iteration (true as the top starts): IDLE takes a bdi
  // word only when it had none and a word is there, so key words still go first and neither bdi_ready
  // nor the bdi word depends on key_valid (aegis128l's core, docs.md "Fmax on ecp5").
  bool key_last = true;
  do {
#ifndef __SYNTHESIS__
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;   // C simulation: nothing more to do
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[C_IDLE], s_init = cur[C_INIT], s_ad = cur[C_AD], s_msg = cur[C_MSG];
    const bool s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT], s_tag_in = cur[C_TAG_IN], s_auth = cur[C_AUTH];
    const blk_t k_now = (k_hi, k_lo);
    // (bad's new value is TAG_IN's compare of the bdi word, zero unless read: through the read's
    // predicate, key_valid reached msg_auth, and from there the PostProcessor's buffer; aegis128l's
    // docs.md, "Fmax on ecp5")
    verdict = !bad;
    bool key_there = !key.empty(), bdi_there = !bdi.empty();
    bool take_key = s_idle && key_there;   // between messages: key words first
    // IDLE reads a bdi word only when one is there, so it never waits (a key word may come instead);
    // the other states wait for theirs. (Written with s_msg outermost, as aegis128l's core: the bdo
    // write's predicate, s_msg && the word's size bit, then maps shorter into bdi_ready; docs.md)
    bool idle_bdi = s_idle & !key_last & bdi_there;
    bool take_bdi = s_msg | (s_ad | s_tag_in | idle_bdi);
    key_last = key_there;
    secret_bus kw;
    // zero unless read (then never used): left unset, the fields used kept the last word read, a
    // register and a select before every use (the bdo write's predicate among them)
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();

    // Update with a zero message: six AES rounds, T[0] <- A(T[s-1], T[0]), T[1] <- A(T[0], Z0)
    const blk_t ua0 = aes_enc_round(a2, a0, false), ua1 = aes_enc_round(a0, Z0, false);
    const blk_t ub0 = aes_enc_round(b3, b0, false), ub1 = aes_enc_round(b0, Z0, false);
    const blk_t uc0 = aes_enc_round(c5, c0, false), uc1 = aes_enc_round(c0, Z0, false);
    // its keystream: T3[0] ^ T3[2] ^ T4[1] ^ (T6[3] & T4[3]),  T6[0] ^ T4[2] ^ T3[1] ^ (T6[5] & T3[2])
    const blk_t k0 = ua0 ^ a1 ^ ub1 ^ (c2 & b2);
    const blk_t k1 = uc0 ^ b1 ^ ua1 ^ (c4 & a1);

    // the word path: the message words (AD, PT, or the PT of a CT word) and the output word
    bool sized = in.bdi_valid_bytes[CCW / 8 - 1];   // size > 0: the first byte lane is valid
    const data_t mask = lwc_byte_mask(in.bdi_valid_bytes);
    const blk_t w0 = in.bdi(255, 128), w1 = in.bdi(127, 0);
    const blk_t dm0 = (w0 ^ k0) & blk_t(mask(255, 128));
    const blk_t dm1 = (w1 ^ k1 ^ dm0) & blk_t(mask(127, 0));
    blk_t m0 = w0, m1 = w1;
    if (s_msg && dec) m0 = dm0;
    if (s_msg && dec) m1 = dm1;
    data_t out = (blk_t(k0 ^ m0), blk_t(k1 ^ m0 ^ m1));
    out &= mask;
    if (dec) out = (dm0, dm1);
    const blk_t tag = a0 ^ a1 ^ a2 ^ b0 ^ b1 ^ b2 ^ b3 ^ c0 ^ c1 ^ c2 ^ c3 ^ c4 ^ c5;
    data_t tag_out = 0;
    tag_out(255, 128) = tag;
    bool tag_differs = w0 != tag;

    // block data out: a CT/PT word per non-empty PT/CT word, the tag word
    output_bus o;
    o.bdo = out;
    o.bdo_type = dec ? LWC_TYPE_PT : LWC_TYPE_CT;
    o.bdo_valid_bytes = in.bdi_valid_bytes;
    if (s_tag_out) {
      o.bdo = tag_out;
      o.bdo_type = LWC_TYPE_TAG;
      o.bdo_valid_bytes = data_bytes_t(0xFFFF) << (CCW / 8 - 16);   // the first 16 byte lanes
    }
    o.end_of_block = true;
    if ((s_msg && sized) || s_tag_out) bdo.write(o);

    // (M0, M1, M2) of the phase
    const blk_t ad_w = blk_t(ad_len), msg_w = blk_t(msg_len);
    blk_t x0 = m0, x1 = m1, x2 = m0 ^ m1;   // AD, PT
    if (s_init) {
      x0 = Z0;
      x1 = Z1;
      x2 = Z0;
    }
    if (s_fin) {
      x0 = Z1;
      x1 = Z0;
      x2 = Z1;
    }
    if (s_fin && cnt == 0) {
      x0 = ad_w;
      x1 = msg_w;
      x2 = ad_w ^ msg_w;
    }
    bool update = s_init || s_fin || ((s_ad || s_msg) && sized);

    // the key: 4 words, shifted in (stored every cycle: a static written under a condition is a branch)
    blk_t k_next = k_now;
    if (take_key) k_next = (blk_t(k_now(95, 0)), kw.key);
    k_hi = k_next(127, 64);
    k_lo = k_next(63, 0);

    // the state: loaded by the NPUB word, else updated
    bool load = idle_bdi;
    const blk_t nonce = w0;
    if (load) {
      a0 = k_now; a1 = k_now; a2 = nonce;
      b0 = k_now; b1 = k_now; b2 = nonce; b3 = Z0;
      c0 = k_now; c1 = k_now; c2 = nonce; c3 = Z1; c4 = 0; c5 = 0;
    } else if (update) {
      a2 = a1; a1 = ua1; a0 = ua0 ^ x0;
      b3 = b2; b2 = b1; b1 = ub1; b0 = ub0 ^ x1;
      c5 = c4; c4 = c3; c3 = c2; c2 = c1; c1 = uc1; c0 = uc0 ^ x2;
    }

    // control: the RTL core's states
    if (s_msg) {
      msg_len += in.bdi_size;
      if (in.bdi_eot) {
        cnt = 0;
        st = ONE_HOT(C_FIN);
      }
    } else if (s_ad) {
      ad_len += in.bdi_size;
      if (in.bdi_eot) st = ONE_HOT(C_MSG);
    } else if (s_idle) {
      if (idle_bdi) {
        dec = in.decrypt_in;
        cnt = 0;
        st = ONE_HOT(C_INIT);
      }
    } else if (s_init) {
      cnt++;
      if (cnt == 15) st = ONE_HOT(C_AD);
    } else if (s_fin) {
      cnt++;
      if (cnt == 21) st = dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_TAG_OUT);
    } else if (s_tag_in) {
      bad = tag_differs;
      st = ONE_HOT(C_AUTH);
    } else if (s_tag_out) {
      st = ONE_HOT(C_IDLE);
    } else {                 // C_AUTH: msg_auth goes out as the loop ends
      st = ONE_HOT(C_IDLE);
    }
    done = s_tag_out || s_auth;
    auth = s_auth;
  } while (!done);
  if (auth) msg_auth.write(verdict);   // DEC: in the AUTH cycle, as the RTL core
}
