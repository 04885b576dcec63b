/* deoxys_i128_hls_core.cpp — Deoxys-I-128-128 v1.3 (Deoxys!=, SUPERCOP deoxysneq128128v13; key /
 * nonce / tag 16 / 8 / 16 bytes) CipherCore in HLS C++ for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it (Fig. 4-6): the public,
 * secret and output groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h),
 * msg_auth a stream of bool. The architecture is the RTL core's (designs/deoxys-i128/rtl/
 * deoxys_i128_core.v, docs.md): one iterative Deoxys-BC-256 (one round per cycle, forward and inverse,
 * tweakey schedule on the fly, decryption starting from TW_14 = h^14(T) and TK_14 = 2^14 h^14(K))
 * running the Deoxys-I jobs in order — one call per AD block (Auth), per message block (C_j = E(P_j)
 * or P_j = D(C_j); E(0) for a partial last block), the tag call — with a one-block input buffer and
 * a one-block output buffer around it. Reference: src/cryptohls/golden/deoxysneq128128v13.py.
 *
 * Written as the other HLS CipherCores: the body is one loop, one iteration per clock cycle, the RTL's
 * registers are loop variables (read at the top of the iteration, their next values written at the
 * bottom), every condition a select, every stream access predicated.
 */
#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "../../aes-modes-common/hls/block_buffer_hls.h"
#include "deoxys_bc_hls.h"

typedef ap_uint<12> blkno_t;     // block number: a segment has at most 65535 bytes (4096 blocks)

/* The tweak: stage (4 bits) || nonce (64) || block number (60), big-endian. */
static blk_t tweak(ap_uint<4> stage, lane_t nonce, blkno_t number) {
  ap_uint<48> zero = 0;
  return (stage, nonce, zero, number);
}

enum core_state_t { C_IDLE, C_NPUB, C_AD, C_MSG, C_FIN, C_TAG_OUT, C_TAG_IN, C_AUTH };
// the job in the Deoxys-BC unit
const int J_AD = 0, J_MSG = 1, J_PART = 2, J_TAG = 3;
// tweak stages
const int S_AD = 0x2, S_AD_LAST = 0x6, S_MSG = 0x0, S_MSG_LAST = 0x4, S_TAG = 0x1, S_TAG_PART = 0x5;
const int ROUNDS = 14;
typedef ap_uint<8> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))

void deoxys_i128_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                          hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key, held between messages (a static: the top restarts per message): a loop variable inside
  // the loop, stored back as it ends, as 64-bit halves.
  static lane_t k_hi, k_lo;
  blk_t k = (k_hi, k_lo);
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<2> w = 0;
  bool dec = false, bad = false, part = false, done;
  lane_t nonce = 0;
  ap_uint<2> job = J_AD;
  // input buffer: one AD or message block
  blk_t ib = 0;
  nbytes_t ib_bytes = 0;
  bool ib_full = false, ib_ad = false, ib_last = false;
  blkno_t blk = 0;   // block number of the next block loaded
  blk_t auth = 0, chk = 0;
  // output buffer: a result block or the tag
  blk_t ob = 0;
  nbytes_t ob_bytes = 0;
  bool ob_send = false;
  seg_type_t ob_type = 0;
  // Deoxys-BC unit: state, tweak word, key word, rounds done (ROUNDS + 1 = result waiting)
  bool bc_busy = false, inv = false;
  ap_uint<4> step = 0;
  blk_t bs = 0, tw = 0, tk = 0;
  do {
#ifndef __SYNTHESIS__
    // C simulation: nothing more to do (the statics are stored below)
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[C_IDLE], s_npub = cur[C_NPUB], s_ad = cur[C_AD], s_msg = cur[C_MSG];
    const bool s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT], s_tag_in = cur[C_TAG_IN];
    const bool s_auth = cur[C_AUTH];
    const blk_t k_now = k, ib_now = ib, ob_now = ob, chk_now = chk, auth_now = auth;

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

    // ---- the Deoxys-BC unit's round and result ----
    ap_uint<4> round = inv ? ap_uint<4>(ROUNDS - step) : step;   // index of the subtweakey used now
    blk_t stk = tw ^ tk ^ deoxys_rc(round);
    blk_t enc_out = aes_enc_round(bs, stk, false), dec_out = aes_dec_round(bs, stk, step == ROUNDS);
    blk_t round_out = inv ? dec_out : enc_out;
    blk_t tw_step = inv ? deoxys_h_inv(tw) : deoxys_h(tw);
    blk_t tk_step = inv ? deoxys_h_inv(deoxys_half(tk)) : deoxys_times2(deoxys_h(tk));
    bool running = bc_busy & (step != ROUNDS + 1);
    bool bc_last = bc_busy & (step == ROUNDS + 1);
    bool j_ad = job == J_AD, j_msg = job == J_MSG, j_part = job == J_PART, j_tag = job == J_TAG;
    bool ob_free = ob_bytes == 0;
    bool take = bc_last & (j_ad | ob_free);            // results for bdo or the tag need the buffer
    blk_t auth_n = auth_now, chk_n = chk_now;
    bool ib_full_n = ib_full;
    blk_t part_out = (ib_now ^ bs) & block_mask(ib_bytes);
    blk_t part_p = ib_now;
    if (dec) part_p = part_out;
    bool tag_done = take & j_tag;
    if (take & j_ad) auth_n = auth_now ^ bs;
    if (take & !j_ad) {
      ob_send_n = !(j_tag & dec);
      ob_type_n = j_tag ? seg_type_t(LWC_TYPE_TAG) : dec ? seg_type_t(LWC_TYPE_PT) : seg_type_t(LWC_TYPE_CT);
      ob_bytes_n = j_part ? ib_bytes : nbytes_t(16);
    }
    if (take & j_msg) {
      ob_n = bs;
      if (dec) chk_n = chk_now ^ bs;                    // Checksum ^= P_j (decrypted)
    }
    if (take & j_part) {
      ob_n = part_out;
      chk_n = chk_now ^ pad10(part_p, ib_bytes);
      ib_full_n = false;
    }
    if (tag_done) ob_n = bs ^ auth_now;

    // ---- a block from the input buffer into the unit: while it is idle, or right after an AD or
    // full message block (a partial block's result still needs ib) ----
    bool load = ib_full & (!bc_busy | (take & !j_part));
    bool ib_part = ib_bytes != 16;
    blkno_t blk_n = blk;
    bool part_n = part;
    // the unit's start inputs (a load, or the tag job below)
    bool start = false, start_inv = false;
    blk_t start_in = 0, start_tweak = 0;
    ap_uint<2> job_n = job;
    if (load) {
      start = true;
      blk_t ad_in = ib_now;
      if (ib_part) ad_in = pad10(ib_now, ib_bytes);
      if (ib_ad) {
        start_in = ad_in;
        start_tweak = tweak(ib_part ? S_AD_LAST : S_AD, 0, blk);
        job_n = J_AD;
        ib_full_n = false;
        blk_n = ib_last ? blkno_t(0) : blkno_t(blk + 1);   // the message counts from 0 again
      } else if (ib_part) {
        start_tweak = tweak(S_MSG_LAST, nonce, blk);       // keystream E(0); ib waits for it
        job_n = J_PART;
        part_n = true;                                     // blk stays: the tag's block number
      } else {
        start_in = ib_now;
        start_inv = dec;
        start_tweak = tweak(S_MSG, nonce, blk);
        job_n = J_MSG;
        ib_full_n = false;
        blk_n = blk + 1;
        if (!dec) chk_n = chk_now ^ ib_now;               // Checksum ^= P_j
      }
    }

    // ---- control and word path ----
    blk_t k_n = k_now, ib_n = ib_now;
    nbytes_t ib_bytes_n = ib_bytes;
    bool ib_ad_n = ib_ad, ib_last_n = ib_last;
    bool key_done = false;
    if (take_key) k_n = set_block_word(k_now, w, kw.key, false);
    if (s_idle) {
      if (take_key) {
        w = w + 1;
        key_done = w3;                                   // the top restarts, the key stored
      } else {
        dec = in.decrypt_in;
        nonce(63, 32) = in.bdi;
        st = ONE_HOT(C_NPUB);
      }
    } else if (s_npub) {
      nonce(31, 0) = in.bdi;
      w = 0;
      blk_n = 0;
      auth_n = 0;
      chk_n = 0;
      bad = false;
      part_n = false;
      st = ONE_HOT(C_AD);
    } else if (s_ad | s_msg) {
      if (take_data) {
        if (!empty)
          w = ib_put_segment_word(ib_now, ib_bytes, w, in, s_ad, ib_n, ib_bytes_n, ib_full_n, ib_ad_n, ib_last_n);
        if (empty | eot) st = s_ad ? ONE_HOT(C_MSG) : ONE_HOT(C_FIN);   // the segment's end (of an empty one: its word)
      }
    } else if (s_fin) {
      // every block done (the unit idle: the checksum is complete): the tag job
      if (!ib_full & !bc_busy) {
        start = true;
        start_in = chk_now;
        start_tweak = tweak(part ? S_TAG_PART : S_TAG, nonce, blk);
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
    done = key_done | (s_tag_out & ob_free) | s_auth;

    // ---- Deoxys-BC unit registers: load STK_0 (encryption) or InvMixColumns(. ^ STK_14) ----
    if (start) {
      blk_t tw14 = deoxys_h14(start_tweak), tk14 = deoxys_tk14(k_now);
      blk_t keyed_enc = start_in ^ start_tweak ^ k_now ^ deoxys_rc(0);
      blk_t keyed_dec = start_in ^ tw14 ^ tk14 ^ deoxys_rc(ROUNDS);
      bs = start_inv ? deoxys_inv_mix_columns(keyed_dec) : keyed_enc;
      tw = start_inv ? deoxys_h_inv(tw14) : deoxys_h(start_tweak);
      tk = start_inv ? deoxys_h_inv(deoxys_half(tk14)) : deoxys_times2(deoxys_h(k_now));
      step = 1;
      inv = start_inv;
      bc_busy = true;
    } else if (running) {
      bs = round_out;
      tw = tw_step;
      tk = tk_step;
      step = step + 1;
    } else if (take) {
      bc_busy = false;
    }
    job = job_n;
    k = k_n;
    ib = ib_n;
    ib_bytes = ib_bytes_n;
    ib_full = ib_full_n;
    ib_ad = ib_ad_n;
    ib_last = ib_last_n;
    blk = blk_n;
    part = part_n;
    auth = auth_n;
    chk = chk_n;
    ob = ob_n;
    ob_bytes = ob_bytes_n;
    ob_send = ob_send_n;
    ob_type = ob_type_n;
  } while (!done);
  k_hi = k(127, 64);
  k_lo = k(63, 0);
  if (dec) msg_auth.write(!bad);   // DEC: in the AUTH cycle, as the RTL core
}
