/* aegis128l_hls_core.cpp — AEGIS-128L (CAESAR final portfolio, SUPERCOP aegis128l; 16-byte key, nonce
 * and tag) CipherCore in HLS C++ for the LWC frame, with a 256-bit data bus (CCW = 256): one 32-byte
 * message block per bdi word and per clock cycle. CCW-parametric as the RTL core: a file that defines
 * CCW = 32 first and includes this one (aegis128l_hls_core_w32.cpp, variant hls-w32) gathers a block
 * from 8 words, one per cycle, and updates with the last; nonce and tag are then 4 words.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it (Fig. 4-6): structs on
 * hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h, with CCW defined first), msg_auth a stream of
 * bool. The architecture is the RTL core's (designs/aegis128l/rtl/aegis128l_core.v, docs.md): the
 * state S0..S7, one StateUpdate128L per cycle (eight AES rounds side by side, aes_enc_round of
 * designs/aes128-ecb-enc/hls/aes128_hls.h), fed per phase with (N, K) ten times after the NPUB word,
 * the AD blocks, the plaintext blocks, then (T, T) seven times with T = S2 ^ lengths; the tag
 * S0 ^ .. ^ S6 goes out as one word (ENC) or is compared with the TAG word (DEC).
 * Reference: src/cryptohls/golden/aegis128l.py.
 *
 * Written as the ascon-aead128 and aes128-gcm HLS cores: the body is one loop, one iteration per
 * clock cycle, the RTL's registers are loop variables, every condition a select and every stream
 * access predicated; 128-bit selects written as `if (c) v = w;` on values (aes128-gcm's docs.md).
 */
#ifndef CCW
#define CCW 256
#endif
#include "../../lwc-frame/hls/lwc_words.h"
#include "../../aes128-ecb-enc/hls/aes128_hls.h"

typedef ap_uint<128> blk_t;
typedef ap_uint<64> lane_t;
typedef ap_uint<61> len_t;   // bytes; the lengths block holds 64-bit bit counts
typedef ap_uint<256> block_t;

#define WPB (256 / CCW)                    // words per 32-byte block
#define N16 (CCW >= 128 ? 1 : 128 / CCW)   // words of a 16-byte nonce / tag

static const blk_t CONST0 = (lane_t(0x000101020305080dULL), lane_t(0x1522375990e97962ULL));
static const blk_t CONST1 = (lane_t(0xdb3d18556dc22ff1ULL), lane_t(0x2011314273b528ddULL));

/* A bit count as 8 bytes little endian, in the big-endian word convention (byte 0 most significant). */
static lane_t le_bits(len_t bytes) {
  lane_t v = (bytes, ap_uint<3>(0)), r = 0;
  for (int j = 0; j < 8; j++) {
#pragma HLS UNROLL
    r(63 - 8 * j, 56 - 8 * j) = v(8 * j + 7, 8 * j);
  }
  return r;
}

/* Word j (0 = first) of a block, and the block with word j set: a select per word, none at WPB = 1. */
static data_t block_word(block_t b, ap_uint<4> j) {
  data_t w = b(255, 256 - CCW);
  for (int i = 1; i < WPB; i++) {
#pragma HLS UNROLL
    if (j == i) w = b(255 - CCW * i, 256 - CCW * (i + 1));
  }
  return w;
}

static block_t set_block_word(block_t b, ap_uint<4> j, data_t w) {
  for (int i = 0; i < WPB; i++) {
#pragma HLS UNROLL
    if (WPB == 1 || j == i) b(255 - CCW * i, 256 - CCW * (i + 1)) = w;
  }
  return b;
}

enum core_state_t { C_IDLE, C_NPUB, C_INIT, C_AD, C_MSG, C_FIN, C_TAG_OUT, C_TAG_IN, C_AUTH };
// One bit per state but AUTH, which is the all-zero code: then "in AUTH" is "in no other state" as
// logic, so synthesis sees that the bdi read is off when msg_auth is written and drops the msg_auth
// handshake from bdi_ready (the compiler ANDs every access's condition into each ready). With a bit
// of its own, bdo_ready -> bdi_ready -> PreProcessor was the critical path (docs.md, "Fmax on ecp5").
typedef ap_uint<8> onehot_t;
#define ONE_HOT(x) onehot_t((x) == C_AUTH ? 0u : 1u << (x))

void aegis128l_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                        hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key, held between messages (statics: the top restarts per message), as 64-bit halves: a
  // 128-bit static is stored as two 64-bit writes of one register, which would take two cycles.
  static lane_t k_hi, k_lo;
  blk_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
  blk_t n = 0, tmp_q = 0;
  block_t blk = 0;      // the block's words taken so far, zero past them
  ap_uint<4> wi = 0;    // the word's place in its block
  len_t ad_len = 0, msg_len = 0;
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<4> cnt = 0;   // INIT / FIN updates; NPUB and TAG words
  bool dec = false, bad = false, done;
  // msg_auth's predicate: the AUTH flag of the last iteration, not dec's new value (the compiler's
  // handshakes AND every access's predicate, and dec's new value is a select on key_valid and the
  // bdi word's decrypt_in, which put them in front of bdi_ready and key_ready; same value: only DEC
  // ends in AUTH, ENC in TAG_OUT). At CCW = 32 the flag made the loop 3 states at 41 ns (docs.md,
  // "Fmax on ecp5"): there it stays dec.
  bool auth = false;
  bool verdict;   // msg_auth's value: !bad as the iteration starts (the register; AUTH changes no bad)
  // Whether the key stream had a word in the last iteration (true as the top starts): IDLE takes a bdi
  // word only when it had none, so key words still go first, and neither bdi_ready nor the bdi word
  // depends on key_valid in the same cycle (the RTL core's bdi_ready is its state alone: the frame never
  // offers both at once). The cost is one IDLE cycle after a key's last word, before the frame's next
  // instruction and headers reach bdi (docs.md, "Fmax on ecp5").
  bool key_last = true;
  do {
#ifndef __SYNTHESIS__
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;   // C simulation: nothing more to do
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[C_IDLE], s_npub = cur[C_NPUB], s_init = cur[C_INIT], s_ad = cur[C_AD], s_msg = cur[C_MSG];
    const bool s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT], s_tag_in = cur[C_TAG_IN], s_auth = cur == 0;
    const blk_t k_now = (k_hi, k_lo);
    // (bad's new value is TAG_IN's compare of the bdi word, zero unless read: through the read's
    // predicate, key_valid reached msg_auth, and from there the PostProcessor's buffer; docs.md)
    verdict = !bad;
    bool key_there = !key.empty(), bdi_there = !bdi.empty();
    bool take_key = s_idle && key_there;   // between messages: key words first
    // IDLE reads a bdi word only when one is there, so it never waits (a key word may come instead);
    // the other states wait for theirs. (Written with s_msg outermost: the bdo write's predicate,
    // s_msg && the word's size bit, then maps shorter into bdi_ready; docs.md, "Fmax on ecp5")
    bool idle_bdi = s_idle & !key_last & bdi_there;
    bool take_bdi = s_msg | (s_npub | s_ad | s_tag_in | idle_bdi);
    key_last = key_there;
    secret_bus kw;
    // zero unless read (then never used): left unset, the fields used kept the last word read, a
    // register and a select before every use (the bdo write's predicate among them)
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();

    // the word path: keystream, output block, absorbed block (the plaintext)
    bool sized = in.bdi_valid_bytes[CCW / 8 - 1];   // size > 0: the first byte lane is valid
    const block_t z = (blk_t(s1 ^ s6 ^ (s2 & s3)), blk_t(s2 ^ s5 ^ (s6 & s7)));
    data_t out = (in.bdi ^ block_word(z, wi)) & lwc_byte_mask(in.bdi_valid_bytes);
    data_t plain = in.bdi;
    if (s_msg && in.decrypt_in) plain = out;
    const block_t block = set_block_word(blk, wi, plain);   // blk is zero from word wi on
    bool blk_end = WPB == 1 || wi == WPB - 1 || in.bdi_eot;   // the word closes its block
    blk_t lengths = (le_bits(ad_len), le_bits(msg_len));
    blk_t tmp = tmp_q;
    if (cnt == 0) tmp = s2 ^ lengths;   // T, fixed at FIN's first cycle
    const blk_t tag = s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6;
    // the nonce with this word (its last), the tag word out, a TAG word's difference from the tag
#if CCW >= 128
    blk_t nonce = in.bdi(CCW - 1, CCW - 128);
    data_t tag_out = 0;
    tag_out(CCW - 1, CCW - 128) = tag;
    bool tag_differs = blk_t(in.bdi(CCW - 1, CCW - 128)) != tag;
    const data_bytes_t tag_lanes = data_bytes_t(0xFFFF) << (CCW / 8 - 16);   // the first 16 byte lanes
#else
    blk_t nonce = (ap_uint<128 - CCW>(n(127 - CCW, 0)), in.bdi);
    data_t tag_out = 0;
    for (int i = 0; i < N16; i++) {
#pragma HLS UNROLL
      if (cnt == i) tag_out = tag(127 - CCW * i, 128 - CCW * (i + 1));
    }
    bool tag_differs = in.bdi != tag_out;
    const data_bytes_t tag_lanes = ~data_bytes_t(0);
#endif

    // block data out: a CT/PT word per non-empty PT/CT word, the tag word
    output_bus o;
    o.bdo = out;
    o.bdo_type = dec ? LWC_TYPE_PT : LWC_TYPE_CT;
    o.bdo_valid_bytes = in.bdi_valid_bytes;
    if (s_tag_out) {
      o.bdo = tag_out;
      o.bdo_type = LWC_TYPE_TAG;
      o.bdo_valid_bytes = tag_lanes;
    }
    o.end_of_block = true;
    if ((s_msg && sized) || s_tag_out) bdo.write(o);

    // StateUpdate128L(S, M0, M1): eight AES rounds side by side
    blk_t m0 = block(255, 128), m1 = block(127, 0);   // AD, PT
    if (s_init) {
      m0 = n;
      m1 = k_now;
    }
    if (s_fin) {
      m0 = tmp;
      m1 = tmp;
    }
    blk_t u0 = aes_enc_round(s7, s0 ^ m0, false), u1 = aes_enc_round(s0, s1, false);
    blk_t u2 = aes_enc_round(s1, s2, false), u3 = aes_enc_round(s2, s3, false);
    blk_t u4 = aes_enc_round(s3, s4 ^ m1, false), u5 = aes_enc_round(s4, s5, false);
    blk_t u6 = aes_enc_round(s5, s6, false), u7 = aes_enc_round(s6, s7, false);
    bool data = (s_ad || s_msg) && sized;   // a word of a block
    bool update = s_init || s_fin || (data && blk_end);

    // the key: 4 words, shifted in (stored every cycle: a static written under a condition is a branch)
    blk_t k_next = k_now;
    if (take_key) k_next = (blk_t(k_now(95, 0)), kw.key);
    k_hi = k_next(127, 64);
    k_lo = k_next(63, 0);

    // the block's words: gathered, cleared as the block is absorbed
    if (data) {
      blk = blk_end ? block_t(0) : block;
      wi = blk_end ? ap_uint<4>(0) : ap_uint<4>(wi + 1);
    }

    // the state: loaded by the last NPUB word (K ^ N, C1, C0, C1, K ^ N, K ^ C0, K ^ C1, K ^ C0), else updated
    // (`&`, not `&&`: a short-circuit here nested the two ifs into branches that split the cycle)
    bool npub = idle_bdi | s_npub;
    bool npub_last = N16 == 1 || (s_npub && cnt == N16 - 1);
    bool load = npub & npub_last;
    if (npub) n = nonce;
    if (load) {
      s0 = k_now ^ nonce;
      s1 = CONST1;
      s2 = CONST0;
      s3 = CONST1;
      s4 = k_now ^ nonce;
      s5 = k_now ^ CONST0;
      s6 = k_now ^ CONST1;
      s7 = k_now ^ CONST0;
    } else if (update) {
      s0 = u0;
      s1 = u1;
      s2 = u2;
      s3 = u3;
      s4 = u4;
      s5 = u5;
      s6 = u6;
      s7 = u7;
    }

    // control: the RTL core's states
    bool tag_last = N16 == 1 || cnt == N16 - 1;   // the tag's last word
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
        cnt = npub_last ? 0 : 1;
        st = npub_last ? ONE_HOT(C_INIT) : ONE_HOT(C_NPUB);
      }
    } else if (s_npub) {
      cnt++;
      if (npub_last) {
        cnt = 0;
        st = ONE_HOT(C_INIT);
      }
    } else if (s_init) {
      cnt++;
      if (cnt == 10) st = ONE_HOT(C_AD);
    } else if (s_fin) {
      if (cnt == 0) tmp_q = tmp;
      cnt++;
      if (cnt == 7) {
        cnt = 0;
        st = dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_TAG_OUT);
      }
    } else if (s_tag_in) {
      bad = bad || tag_differs;
      cnt++;
      if (tag_last) st = ONE_HOT(C_AUTH);
    } else if (s_tag_out) {
      cnt++;
      if (tag_last) st = ONE_HOT(C_IDLE);
    } else {                 // C_AUTH: msg_auth goes out as the loop ends
      st = ONE_HOT(C_IDLE);
    }
    done = (s_tag_out && tag_last) || s_auth;
    auth = CCW >= 128 ? s_auth : dec;
  } while (!done);
  if (auth) msg_auth.write(verdict);   // DEC: in the AUTH cycle, as the RTL core
}
