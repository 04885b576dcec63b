/* aes128_otr_hls_core.cpp — AES-OTR v3 with AES-128, parallel AD (SUPERCOP aes128otrpv3, 12-byte nonce,
 * 16-byte tag) CipherCore in HLS C++ for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it (Fig. 4-6): the public,
 * secret and output groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h),
 * msg_auth a stream of bool. The architecture is the RTL core's (designs/aes128-otr/rtl/aes128_otr_core.v,
 * docs.md): one iterative AES-128 encryption unit (one round per cycle, round keys on the fly) running
 * the OTR jobs one after the other — Q = E_K(0) per key, L per message, one call per AD block, TA, the
 * two Feistel rounds per chunk of two message blocks, TE — a two-block input buffer, the chunk in
 * c1/c2, an output buffer and one pending block; the doublings by gf128_mul2pow of
 * designs/aes-modes-common/hls/aes_modes_hls.h (shared with OCB3). Reference: src/cryptohls/golden/aes_otr.py.
 *
 * Written as the OCB3 and GCM HLS cores: one loop, one iteration per clock cycle, the RTL's registers
 * as loop variables (next values computed from the values at the top of the iteration), every stream
 * access predicated, 128-bit selects as `if (c) v = w;`.
 */
#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "../../aes-modes-common/hls/block_buffer_hls.h"
#include "../../aes-modes-common/hls/aes_modes_hls.h"

/* ozp: OTR's name of 10* padding. */
static blk_t ozp(blk_t x, nbytes_t n) { return pad10(x, n); }

enum core_state_t { C_IDLE, C_KEY, C_NPUB, C_AD, C_MSG, C_FIN, C_TAG_OUT, C_TAG_IN, C_AUTH };
// the job in the AES unit
const int J_Q = 0, J_L = 1, J_AD = 2, J_TA = 3, J_R1 = 4, J_R2 = 5, J_ODD = 6, J_TE = 7;
typedef ap_uint<9> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))

void aes128_otr_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                         hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key and Q = E_K(0), held between messages (statics: the top restarts per message), as 64-bit
  // halves, read and written in every iteration: the RTL's k_q, qk_q (copied into loop variables at
  // the entry and stored back at the exit, each was two registers and a select per bit; docs.md, "Size").
  static lane_t k_hi, k_lo, qk_hi, qk_lo;
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<3> w = 0;
  bool dec = false, bad = false, done;
  ap_uint<3> job = J_Q;
  // input buffer: two blocks (a chunk), or one AD block, or the first two NPUB words
  blk_t ib1 = 0, ib2 = 0;
  nbytes_t ib1_bytes = 0, ib2_bytes = 0;
  ap_uint<2> ib_cnt = 0;
  bool ib_last = false, ib_ad = false;
  // the chunk in the unit
  blk_t c1 = 0, c2 = 0, x = 0;
  nbytes_t c2_bytes = 0;
  bool c_last = false, r2_due = false;
  // OTR state
  blk_t q = 0, xi = 0, ta = 0, l = 0, sig = 0;
  bool full = false;
  // output buffer and one pending block
  blk_t ob = 0, pend = 0;
  nbytes_t ob_bytes = 0, pend_bytes = 0;
  bool ob_send = false;
  seg_type_t ob_type = 0;
  aes_unit_t aes = aes_unit_idle();   // the AES unit (encryption only)
  do {
#ifndef __SYNTHESIS__
    // C simulation: nothing more to do
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[C_IDLE], s_key = cur[C_KEY], s_npub = cur[C_NPUB], s_ad = cur[C_AD];
    const bool s_msg = cur[C_MSG], s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT];
    const bool s_tag_in = cur[C_TAG_IN], s_auth = cur[C_AUTH];
    const blk_t k_now = (k_hi, k_lo), qk = (qk_hi, qk_lo);
    const blk_t ib1_now = ib1, ib2_now = ib2, ob_now = ob, c1_now = c1, c2_now = c2;
    const blk_t x_now = x, q_now = q, xi_now = xi, l_now = l, sig_now = sig, pend_now = pend;

    // ---- the words of this cycle ----
    bool room = s_ad ? (ib_cnt == 0) : (!ib_ad & (ib_cnt != 2));
    // zero unless read (then never used): left unset, each would keep the last word read, i.e. a
    // register of the whole word and a select before every use (docs.md, "Size")
    secret_bus kw = {};
    public_bus in = {};
    // never waiting (read_words_nb): NPUB and tag words are taken when they come (taken.due), as the RTL
    // core's `if (bdi_valid)`; a loop that waited for them stalled every register on bdi_valid
    const words_got_t taken = read_words_nb(key, bdi, s_idle, s_npub | s_tag_in, (s_ad | s_msg) & room, kw, in);
    const bool take_key = taken.key, take_data = taken.data, take_due = taken.due;
    bool empty = !in.bdi_valid_bytes[3];
    bool eot = in.bdi_eot;
    ap_uint<2> wl = w(1, 0);
    bool second = w[2];

    // ---- bdo: the output buffer, one word per cycle; then the pending block ----
    // (DEC: in C_TAG_IN compared with the tag words)
    // (as block_out_buffer: a block loaded into it, ob_load, else the shifted buffer)
    blk_t ob_shifted, pend_n = pend_now;
    nbytes_t ob_bytes_shifted, pend_bytes_n = pend_bytes;
    ob_send_word_nb(bdo, ob_send, s_tag_in & take_due, ob_now, ob_bytes, ob_type, ob_shifted, ob_bytes_shifted);
    bool ob_load = false;
    blk_t ob_block = pend_now;
    nbytes_t ob_nbytes = pend_bytes;
    if (ob_bytes == 0 && pend_bytes != 0) {            // (then nothing was shifted)
      ob_load = true;
      pend_bytes_n = 0;
    }
    bool ob_idle = ob_bytes == 0 && pend_bytes == 0;
    bool ob_send_n = ob_send;
    seg_type_t ob_type_n = ob_type;
    seg_type_t data_type = dec ? seg_type_t(LWC_TYPE_PT) : seg_type_t(LWC_TYPE_CT);

    // ---- multiples of V = Q (an AD block in the buffer) or L, as polynomials: 2, 3, 3^2 = x^2 + 1, 7 ----
    blk_t v = l_now;
    if (ib_ad) v = q_now;
    blk_t v2 = gf128_mul2pow(v, 1), v4 = gf128_mul2pow(v, 2);
    blk_t v3 = v2 ^ v, v5 = v4 ^ v, v7 = v4 ^ v2 ^ v;

    // ---- the AES unit's result ----
    const aes_round_t ar = aes_unit_round<false>(aes);
    const blk_t aes_out = ar.out;
    const bool aes_busy = aes.busy, aes_last = ar.last;
    bool j_q = job == J_Q, j_l = job == J_L, j_ad = job == J_AD, j_ta = job == J_TA, j_r1 = job == J_R1;
    bool j_r2 = job == J_R2, j_odd = job == J_ODD, j_te = job == J_TE;
    bool r1_ok = ob_idle | (!dec & c_last);            // ENC's last chunk sends later
    bool ok = (j_q | j_l | j_ad | j_ta) | (j_r1 & r1_ok) | ((j_r2 | j_odd | j_te) & ob_idle);
    bool take = aes_last & ok;
    blk_t qk_n = qk, l_n = l_now, xi_n = xi_now, ta_n = ta, sig_n = sig_now, x_n = x_now, q_n = q_now;
    bool r2_due_n = r2_due;
    blk_t mask2 = block_mask(c2_bytes);
    blk_t enc_x = (aes_out ^ c2_now) & mask2;                           // ENC R1: X
    blk_t dec_sel = c2_now;
    if (c_last) dec_sel = c1_now;
    blk_t dec_m1 = aes_out ^ dec_sel;                                    // DEC R1: M1
    blk_t dec_m2 = aes_out ^ c1_now;
    if (c_last) dec_m2 = (aes_out ^ c2_now) & mask2;                     // DEC R2: M2
    blk_t dec_sig = dec_m2;
    if (c_last) dec_sig = aes_out ^ ozp(c2_now, c2_bytes);
    blk_t y = aes_out ^ c1_now;                                          // ENC R2: Y
    blk_t odd_out = (aes_out ^ c1_now) & mask2;
    blk_t odd_p = c1_now;
    if (dec) odd_p = odd_out;
    if (take & j_q) qk_n = aes_out;
    if (take & j_l) l_n = aes_out;
    if (take & j_ad) xi_n = xi_now ^ aes_out;
    if (take & j_ta) ta_n = aes_out;
    if (take & j_r1) {
      r2_due_n = true;
      ob_send_n = true;
      ob_type_n = data_type;
      if (dec) {
        x_n = dec_m1;
        ob_load = true;
        ob_block = dec_m1;
        ob_nbytes = 16;
      } else {
        x_n = enc_x;
        sig_n = sig_now ^ aes_out ^ ozp(enc_x, c2_bytes);
        if (!c_last) {
          ob_load = true;
          ob_block = enc_x;
          ob_nbytes = 16;
        }
      }
    }
    if (take & j_r2) {
      ob_load = true;
      if (dec) {
        ob_block = dec_m2;
        ob_nbytes = c_last ? c2_bytes : nbytes_t(16);
        sig_n = sig_now ^ dec_sig;
      } else {
        ob_block = y;
        ob_nbytes = 16;
        if (c_last) {
          pend_n = x_now;
          pend_bytes_n = c2_bytes;
        }
      }
      l_n = v2;
      if (c_last) l_n = v3;                                              // L* = 3L, or L = 2L
    }
    if (take & j_odd) {
      ob_load = true;
      ob_block = odd_out;
      ob_nbytes = c2_bytes;
      ob_send_n = true;
      ob_type_n = data_type;
      sig_n = sig_now ^ ozp(odd_p, c2_bytes);
    }
    bool tag_done = take & j_te;
    if (tag_done) {
      ob_load = true;
      ob_block = aes_out ^ ta;
      ob_nbytes = 16;
      ob_send_n = !dec;
      ob_type_n = LWC_TYPE_TAG;
    }

    blk_t ob_n = ob_shifted;
    nbytes_t ob_bytes_n = ob_bytes_shifted;
    if (ob_load) {
      ob_n = ob_block;
      ob_bytes_n = ob_nbytes;
    }

    // ---- the next job, when the unit is idle ----
    bool start = false;
    blk_t start_in = 0, key_in = k_now;
    ap_uint<3> job_n = job;
    ap_uint<2> ib_cnt_n = ib_cnt;
    bool ib_ad_n = ib_ad;
    blk_t c1_n = c1_now, c2_n = c2_now;
    nbytes_t c2_bytes_n = c2_bytes;
    bool c_last_n = c_last, full_n = full;
    bool chunk_in = (ib_cnt == 2) || ((ib_cnt == 1) && ib_last);
    // every job's input as flat logic, before the choice (inside the branches below a padding loop
    // was left as a branch of its own, and the loop body took two states)
    blk_t r2_in = v3 ^ ozp(x_now, c2_bytes);            // R2: ENC E_K(3L ^ ozp(X)); DEC E_K(L ^ M1)
    if (dec) r2_in = l_now ^ x_now;
    blk_t ta_mask = v3;                                 // TA = E_K(3^2 Q or 3Q ^ Xi ^ ozp(A))
    if (ib1_bytes == 16) ta_mask = v5;
    blk_t ta_in = xi_now ^ ozp(ib1_now, ib1_bytes) ^ ta_mask;
    blk_t ad_in = q_now ^ ib1_now;
    blk_t d = ib1_now;                                  // R1: ENC E_K(L ^ M1); DEC E_K(3L ^ D)
    if (ib_last) d = ozp(ib2_now, ib2_bytes);
    blk_t r1_in = l_now ^ ib1_now;
    if (dec) r1_in = v3 ^ d;
    blk_t te_mask = v5;                                 // TE = E_K(7 L* or 3^2 L* ^ Sigma)
    if (full) te_mask = v7;
    blk_t te_in = sig_now ^ te_mask;
    if (!aes_busy) {
      if (r2_due) {
        start = true;
        start_in = r2_in;
        job_n = J_R2;
        r2_due_n = false;
      } else if (ib_ad & (ib_cnt == 1)) {
        ib_cnt_n = 0;
        ib_ad_n = false;
        start = true;
        if (ib_last) {                                      // the last AD block: TA
          start_in = ta_in;
          job_n = J_TA;
        } else {
          start_in = ad_in;
          q_n = v2;
          job_n = J_AD;
        }
      } else if (!ib_ad & chunk_in) {
        c1_n = ib1_now;
        c2_n = ib2_now;
        c_last_n = ib_last;
        ib_cnt_n = 0;
        start = true;
        if (ib_cnt == 1) {                                  // a final single block
          c2_bytes_n = ib1_bytes;
          full_n = ib1_bytes == 16;
          start_in = l_now;
          job_n = J_ODD;
        } else {
          c2_bytes_n = ib2_bytes;
          full_n = ib2_bytes == 16;
          start_in = r1_in;
          job_n = J_R1;
        }
      } else if (s_fin & (ib_cnt == 0)) {                   // every chunk done
        start = true;
        start_in = te_in;
        job_n = J_TE;
      }
    }

    // ---- control and word path ----
    blk_t k_n = k_now, ib1_n = ib1_now, ib2_n = ib2_now;
    nbytes_t ib1_bytes_n = ib1_bytes, ib2_bytes_n = ib2_bytes;
    bool ib_last_n = ib_last;
    if (take_key) k_n = set_block_word(k_now, wl, kw.key, false);
    if (s_idle) {
      if (take_key) {
        w = (ap_uint<1>(0), ap_uint<2>(wl + 1));
        if (wl == 3) {
          start = true;                                     // Q = E_K(0^128), the new key
          start_in = 0;
          key_in = set_block_word(k_now, 3, kw.key, false);
          job_n = J_Q;
          st = ONE_HOT(C_KEY);
        }
      } else if (taken.first) {
        dec = in.decrypt_in;
        ib1_n = set_block_word(ib1_now, 0, in.bdi, false);
        w = 1;
        st = ONE_HOT(C_NPUB);
      }
    } else if (s_key) {
      if (take) st = ONE_HOT(C_IDLE);
    } else if (s_npub) {
      if (take_due) {
        ib1_n = set_block_word(ib1_now, wl, in.bdi, false);
        w = w + 1;
        if (wl == 2) {      // the third word: L = E_K(Format(N)) = E_K(0^31 || 1 || N)
          ap_uint<64> n01 = ib1_now(127, 64);
          start = true;
          start_in = (ap_uint<32>(1), n01, in.bdi);
          job_n = J_L;
          w = 0;
          q_n = qk;
          xi_n = 0;
          ta_n = 0;
          sig_n = 0;
          bad = false;
          st = ONE_HOT(C_AD);
        }
      }
    } else if (s_ad | s_msg) {
      if (take_data) {
        if (empty) {
          if (s_ad) {
            st = ONE_HOT(C_MSG);                            // empty AD: TA = 0
          } else {
            sig_n = blk_t(0x80) << 120;                     // empty message: Sigma = ozp(empty)
            full_n = false;
            st = ONE_HOT(C_FIN);
          }
        } else {
          if (second) ib_put_word(ib2_now, ib2_bytes, wl, in, ib2_n, ib2_bytes_n);
          else ib_put_word(ib1_now, ib1_bytes, wl, in, ib1_n, ib1_bytes_n);
          w = w + 1;
          if (eot | (wl == 3)) {                           // a block complete
            ib_cnt_n = ib_cnt + 1;
            ib_last_n = eot;
            ib_ad_n = s_ad;
            w = (s_ad | second) ? ap_uint<3>(0) : ap_uint<3>(4);
          }
          if (eot) st = s_ad ? ONE_HOT(C_MSG) : ONE_HOT(C_FIN);
        }
      }
    } else if (s_fin) {
      if (tag_done) {
        w = 0;
        st = dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_TAG_OUT);
      }
    } else if (s_tag_out) {
      if (ob_bytes == 0) st = ONE_HOT(C_IDLE);
    } else if (s_tag_in) {
      if (take_due) {
        bad = bad || tag_word_differs(ob_now, in.bdi);
        w = w + 1;
        if (wl == 3) st = ONE_HOT(C_AUTH);
      }
    } else {             // C_AUTH: msg_auth goes out as the loop ends
      st = ONE_HOT(C_IDLE);
    }
    done = (s_tag_out & (ob_bytes == 0)) | s_auth;

    // ---- the AES unit's registers ----
    aes_unit_next<false>(aes, ar, start, start_in, key_in, false, take);
    job = job_n;
    k_hi = k_n(127, 64);
    k_lo = k_n(63, 0);
    qk_hi = qk_n(127, 64);
    qk_lo = qk_n(63, 0);
    ib1 = ib1_n;
    ib2 = ib2_n;
    ib1_bytes = ib1_bytes_n;
    ib2_bytes = ib2_bytes_n;
    ib_cnt = ib_cnt_n;
    ib_last = ib_last_n;
    ib_ad = ib_ad_n;
    c1 = c1_n;
    c2 = c2_n;
    c2_bytes = c2_bytes_n;
    c_last = c_last_n;
    r2_due = r2_due_n;
    x = x_n;
    q = q_n;
    xi = xi_n;
    ta = ta_n;
    l = l_n;
    sig = sig_n;
    full = full_n;
    ob = ob_n;
    ob_bytes = ob_bytes_n;
    ob_send = ob_send_n;
    ob_type = ob_type_n;
    pend = pend_n;
    pend_bytes = pend_bytes_n;
  } while (!done);
  if (dec) msg_auth.write(!bad);   // DEC: in the AUTH cycle, as the RTL core
}
