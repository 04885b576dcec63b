/* ocb3_aes128_hls_core.cpp — OCB3 with AES-128 and a 128-bit tag (RFC 7253; SUPERCOP
 * aeadaes128ocbtaglen128v1, 12-byte nonce) CipherCore in HLS C++ for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it (Fig. 4-6): the public,
 * secret and output groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h),
 * msg_auth a stream of bool. The architecture is the RTL core's (designs/ocb3-aes128/rtl/
 * ocb3_aes128_core.v, docs.md): one iterative AES-128 (one round per cycle, forward and inverse, round
 * keys on the fly; designs/aes-modes-common/hls/aes_modes_hls.h) running the OCB jobs in order —
 * L_* = E_K(0) per key (its last round key K10 kept for the inverse cipher), Ktop per message, one
 * call per AD and message block, the tag call — with a one-block input buffer and a one-block output
 * buffer around it; L_$ and L_i = 2^(i+2) L_* from L_* by gf128_mul2pow. Reference:
 * src/cryptohls/golden/ocb3.py.
 *
 * Written as the aes128-gcm HLS core: the body is one loop, one iteration per clock cycle, the RTL's
 * registers are loop variables (read at the top of the iteration, their next values written at the
 * bottom), every condition a select (`if (c) v = w;` on 128-bit values), every stream access
 * predicated, `&`/`|` on the bools that steer the datapath.
 */
#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "../../aes-modes-common/hls/block_buffer_hls.h"
#include "../../aes-modes-common/hls/aes_modes_hls.h"

/* ntz(i) for i = 1 .. 4096 (a segment has at most 65535 bytes). */
static ap_uint<4> ntz(ap_uint<16> i) {
  ap_uint<4> n = 0;
  for (int b = 11; b >= 0; b--) {
#pragma HLS UNROLL
    if (i[b]) n = b;
  }
  return n;
}

/* Offset_0 = Stretch[1+bottom .. 128+bottom], Stretch = Ktop || (Ktop[1..64] ^ Ktop[9..72]): a
 * shift by bottom in 6 conditional constant steps. */
static blk_t offset0(blk_t ktop, ap_uint<6> bottom) {
  ap_uint<64> tail = ktop(127, 64) ^ ktop(119, 56);
  ap_uint<192> s = (ktop, tail);
  for (int b = 5; b >= 0; b--) {
#pragma HLS UNROLL
    if (bottom[b]) s = s << (1 << b);
  }
  return s(191, 64);
}

enum core_state_t { C_IDLE, C_KEY, C_NPUB, C_AD, C_MSG, C_FIN, C_TAG_OUT, C_TAG_IN, C_AUTH };
// the job in the AES unit
const int J_LSTAR = 0, J_KTOP = 1, J_AD = 2, J_MSG = 3, J_PART = 4, J_TAG = 5;
typedef ap_uint<9> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))

void ocb3_aes128_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                          hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key, its round key 10 and L_*, held between messages (statics: the top restarts per
  // message): loop variables inside the loop, stored back as it ends, as 64-bit halves.
  static lane_t k_hi, k_lo, k10_hi, k10_lo, ls_hi, ls_lo;
  blk_t k = (k_hi, k_lo), k10 = (k10_hi, k10_lo), lstar = (ls_hi, ls_lo);
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<2> w = 0;
  bool dec = false, bad = false, done;
  ap_uint<6> bottom = 0;
  ap_uint<3> job = J_LSTAR;
  // input buffer: one AD or message block (first the NPUB words)
  blk_t ib = 0;
  nbytes_t ib_bytes = 0;
  bool ib_full = false, ib_ad = false, ib_last = false;
  ap_uint<16> blk = 0;   // index of the last AD / message block loaded
  // OCB state
  blk_t ad_off = 0, sum = 0, off = 0, chk = 0;
  // output buffer: a result block or the tag
  blk_t ob = 0;
  nbytes_t ob_bytes = 0;
  bool ob_send = false;
  seg_type_t ob_type = 0;
  aes_unit_t aes = aes_unit_idle();   // the AES unit (forward and inverse)
  do {
#ifndef __SYNTHESIS__
    // C simulation: nothing more to do (the statics are stored below)
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[C_IDLE], s_key = cur[C_KEY], s_npub = cur[C_NPUB], s_ad = cur[C_AD];
    const bool s_msg = cur[C_MSG], s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT];
    const bool s_tag_in = cur[C_TAG_IN], s_auth = cur[C_AUTH];
    const blk_t k_now = k, ib_now = ib, ob_now = ob, off_now = off, ad_off_now = ad_off;
    const blk_t chk_now = chk, sum_now = sum, lstar_now = lstar;

    // ---- the words of this cycle ----
    secret_bus kw;
    public_bus in;   // unspecified unless read (then never used)
    const words_taken_t taken = read_words(key, bdi, s_idle, s_npub | s_tag_in, (s_ad | s_msg) & !ib_full, kw, in);
    const bool take_key = taken.key, take_data = taken.data;
    bool empty = !in.bdi_valid_bytes[3];
    bool eot = in.bdi_eot;
    bool w3 = w == 3;

    // ---- bdo: the output buffer, one word per cycle (DEC: in C_TAG_IN compared with the tag words) ----
    blk_t ob_n;
    nbytes_t ob_bytes_n;
    ob_send_word(bdo, ob_send, s_tag_in, ob_now, ob_bytes, ob_type, ob_n, ob_bytes_n);
    bool ob_send_n = ob_send;
    seg_type_t ob_type_n = ob_type;

    // ---- the AES unit's result ----
    const aes_round_t ar = aes_unit_round<true>(aes);
    const blk_t aes_out = ar.out;
    const bool aes_busy = aes.busy, aes_last = ar.last;
    bool j_lstar = job == J_LSTAR, j_ktop = job == J_KTOP, j_ad = job == J_AD, j_msg = job == J_MSG;
    bool j_part = job == J_PART, j_tag = job == J_TAG;
    bool ob_free = ob_bytes == 0;
    bool to_ob = j_msg | j_part | j_tag;              // results for bdo or the tag need the buffer
    bool take = aes_last & (!to_ob | ob_free);
    blk_t lstar_n = lstar_now, k10_n = k10, off_n = off_now, sum_n = sum_now, chk_n = chk_now;
    bool ib_full_n = ib_full;
    blk_t msg_out = aes_out ^ off_now;                 // C_i = Offset_i ^ E_K(..), or P_i (D_K)
    blk_t part_out = (ib_now ^ aes_out) & block_mask(ib_bytes);
    blk_t part_p = ib_now;
    if (dec) part_p = part_out;
    bool tag_done = take & j_tag;
    if (take & j_lstar) {
      lstar_n = aes_out;
      k10_n = ar.rk;
    }
    if (take & j_ktop) off_n = offset0(aes_out, bottom);
    if (take & j_ad) sum_n = sum_now ^ aes_out;
    if (take & to_ob) {
      ob_send_n = !(j_tag & dec);
      ob_type_n = j_tag ? seg_type_t(LWC_TYPE_TAG) : dec ? seg_type_t(LWC_TYPE_PT) : seg_type_t(LWC_TYPE_CT);
      ob_bytes_n = j_part ? ib_bytes : nbytes_t(16);
    }
    if (take & j_msg) {
      ob_n = msg_out;
      if (dec) chk_n = chk_now ^ msg_out;
    }
    if (take & j_part) {
      ob_n = part_out;
      chk_n = chk_now ^ pad10(part_p, ib_bytes);
      ib_full_n = false;
    }
    if (tag_done) ob_n = aes_out ^ sum_now;

    // ---- a block from the input buffer into the unit: while it is idle, or right after a full AD /
    // message block ----
    bool may_load = !aes_busy | (take & (j_ad | j_msg));
    bool load = ib_full & may_load & !(aes_busy & j_part);
    bool ib_part = ib_bytes != 16;
    ap_uint<16> blk_next = blk + 1;
    ap_uint<4> l_pow = ntz(blk_next) + 2;               // L_ntz(i): a full block
    if (ib_part) l_pow = 0;                             // L_*: Offset_* = Offset_m ^ L_*
    if (s_fin & !ib_full) l_pow = 1;                    // L_$: the tag call
    blk_t l_sel = gf128_mul2pow(lstar_now, l_pow);
    blk_t off_base = off_now;
    if (ib_ad) off_base = ad_off_now;
    blk_t new_off = off_base ^ l_sel;
    blk_t ad_off_n = ad_off_now;
    ap_uint<16> blk_n = blk;
    // the unit's start inputs (a load, or a job of the control below)
    bool start = false, start_inv = false;
    blk_t start_in = 0, key_in = k_now;
    ap_uint<3> job_n = job;
    if (load) {
      start = true;
      blk_n = (ib_ad & ib_last) ? ap_uint<16>(0) : blk_next;   // the message counts from 1 again
      blk_t ad_in = ib_now;
      if (ib_part) ad_in = pad10(ib_now, ib_bytes);
      if (ib_ad) {
        ad_off_n = new_off;
        start_in = ad_in ^ new_off;
        job_n = J_AD;
        ib_full_n = false;
      } else if (ib_part) {
        off_n = new_off;
        start_in = new_off;                             // Pad = E_K(Offset_*); ib waits for it
        job_n = J_PART;
      } else {
        off_n = new_off;
        start_in = ib_now ^ new_off;
        start_inv = dec;
        if (dec) key_in = k10;
        job_n = J_MSG;
        ib_full_n = false;
        if (!dec) chk_n = chk_now ^ ib_now;             // Checksum ^= P_i
      }
    }

    // ---- control and word path ----
    blk_t k_n = k_now, ib_n = ib_now;
    nbytes_t ib_bytes_n = ib_bytes;
    bool ib_ad_n = ib_ad, ib_last_n = ib_last;
    if (take_key) k_n = set_block_word(k_now, w, kw.key, false);
    if (s_idle) {
      if (take_key) {
        w = w + 1;
        if (w3) {
          start = true;                                 // L_* = E_K(0^128), the new key
          start_in = 0;
          key_in = set_block_word(k_now, 3, kw.key, false);
          job_n = J_LSTAR;
          st = ONE_HOT(C_KEY);
        }
      } else {
        dec = in.decrypt_in;
        ib_n = set_block_word(ib_now, 0, in.bdi, false);
        w = 1;
        st = ONE_HOT(C_NPUB);
      }
    } else if (s_key) {
      if (take) st = ONE_HOT(C_IDLE);
    } else if (s_npub) {
      ib_n = set_block_word(ib_now, w, in.bdi, false);
      w = w + 1;
      if (w == 3) {       // the third word: Ktop = E_K(0^31 || 1 || N with its last 6 bits cleared)
        ap_uint<64> n01 = ib_now(127, 64);
        ap_uint<26> n2 = in.bdi(31, 6);
        start = true;
        start_in = (ap_uint<32>(1), n01, n2, ap_uint<6>(0));
        job_n = J_KTOP;
        bottom = in.bdi(5, 0);
        w = 0;
        blk_n = 0;
        ad_off_n = 0;
        sum_n = 0;
        chk_n = 0;
        bad = false;
        st = ONE_HOT(C_AD);
      }
    } else if (s_ad | s_msg) {
      if (take_data) {
        if (!empty)
          w = ib_put_segment_word(ib_now, ib_bytes, w, in, s_ad, ib_n, ib_bytes_n, ib_full_n, ib_ad_n, ib_last_n);
        if (empty | eot) st = s_ad ? ONE_HOT(C_MSG) : ONE_HOT(C_FIN);   // the segment's end (of an empty one: its word)
      }
    } else if (s_fin) {
      // every block done (the unit idle: the checksum is complete): E_K(Checksum ^ Offset ^ L_$)
      if (!ib_full & !aes_busy) {
        start = true;
        start_in = chk_now ^ off_now ^ l_sel;
        job_n = J_TAG;
      }
      if (tag_done) {
        w = 0;
        st = dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_TAG_OUT);
      }
    } else if (s_tag_out) {
      if (ob_free) st = ONE_HOT(C_IDLE);
    } else if (s_tag_in) {
      bad = bad || tag_word_differs(ob_now, in.bdi);
      w = w + 1;
      if (w3) st = ONE_HOT(C_AUTH);
    } else {             // C_AUTH: msg_auth goes out as the loop ends
      st = ONE_HOT(C_IDLE);
    }
    done = (s_tag_out & ob_free) | s_auth;

    // ---- the AES unit's registers ----
    aes_unit_next<true>(aes, ar, start, start_in, key_in, start_inv, take);
    job = job_n;
    k = k_n;
    k10 = k10_n;
    lstar = lstar_n;
    ib = ib_n;
    ib_bytes = ib_bytes_n;
    ib_full = ib_full_n;
    ib_ad = ib_ad_n;
    ib_last = ib_last_n;
    blk = blk_n;
    ad_off = ad_off_n;
    sum = sum_n;
    off = off_n;
    chk = chk_n;
    ob = ob_n;
    ob_bytes = ob_bytes_n;
    ob_send = ob_send_n;
    ob_type = ob_type_n;
  } while (!done);
  k_hi = k(127, 64);
  k_lo = k(63, 0);
  k10_hi = k10(127, 64);
  k10_lo = k10(63, 0);
  ls_hi = lstar(127, 64);
  ls_lo = lstar(63, 0);
  if (dec) msg_auth.write(!bad);   // DEC: in the AUTH cycle, as the RTL core
}
