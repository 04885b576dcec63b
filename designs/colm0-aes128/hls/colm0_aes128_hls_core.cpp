/* colm0_aes128_hls_core.cpp — COLM0 (COLM v1 with AES-128, no intermediate tags; SUPERCOP colm0v1,
 * 8-byte nonce, 16-byte tag) CipherCore in HLS C++ for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it: structs on hls::streams
 * (designs/lwc-frame/hls/lwc_cipher_core.h), msg_auth a stream of bool. The architecture is the RTL
 * core's (designs/colm0-aes128/rtl/colm0_aes128_core.v, docs.md): two iterative AES-128 units (one
 * round per cycle, forward and inverse, round keys on the fly each; designs/aes-modes-common/hls/
 * aes_modes_hls.h) in a two-stage pipeline. Unit A runs L = E_K(0) per key (K10 kept for the inverse
 * cipher), one call per IV block (N || 0^64, then A) and every message block's first call; unit B the
 * second call, started with rho(first call) in A's last round, beside the next block's first call in
 * A: 10 cycles per block. One-block input and output buffers. Reference: src/cryptohls/golden/colm0.py.
 *
 * Written as the ocb3-aes128 HLS core: one loop, one iteration per clock cycle, the RTL's registers
 * as loop variables, every condition a select, every stream access predicated.
 */
#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "../../aes-modes-common/hls/aes_modes_hls.h"
#include "../../aes-modes-common/hls/block_buffer_hls.h"   // blk_t, block_mask, pad10, read_words, ib_put_word, ob_send_word

/* Bytes n .. 15 of x moved to the front (x << 8n), and x >> 8n, for n = 0 .. 16: conditional
 * constant steps (a shift by 128 gives 0). */
static blk_t shl_bytes(blk_t x, nbytes_t n) {
  blk_t y = x;
  for (int b = 4; b >= 0; b--) {
#pragma HLS UNROLL
    if (n[b]) y = y << (8 << b);
  }
  return y;
}
static blk_t shr_bytes(blk_t x, nbytes_t n) {
  blk_t y = x;
  for (int b = 4; b >= 0; b--) {
#pragma HLS UNROLL
    if (n[b]) y = y >> (8 << b);
  }
  return y;
}

/* GF(2^128) in the modes' bit order: 2x, 3x, 7x. */
static blk_t dbl(blk_t x) { return gf128_mul2pow(x, 1); }
static blk_t tpl(blk_t x) { return dbl(x) ^ x; }
static blk_t sev(blk_t x) { return gf128_mul2pow(x, 2) ^ dbl(x) ^ x; }

enum core_state_t { C_IDLE, C_KEY, C_NPUB, C_AD, C_MSG, C_TAG_IN, C_FIN, C_TAG_OUT, C_AUTH };
// the job in unit A (unit B runs the second calls: E2, or D2 after D1), and the phase of a message job
const int J_L = 0, J_AD = 1, J_E1 = 2, J_D1 = 3;
const int P_BODY = 0, P_LAST = 1, P_TAIL = 2;
typedef ap_uint<9> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))

void colm0_aes128_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                           hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key, its round key 10 and L, held between messages (statics: the top restarts per message).
  static lane_t k_hi, k_lo, k10_hi, k10_lo, l_hi, l_lo;
  blk_t k = (k_hi, k_lo), k10 = (k10_hi, k10_lo), lv = (l_hi, l_lo);
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<2> w = 0;
  bool dec = false, bad = false, done;
  bool auth = false, auth_ok = true;   // DEC: msg_auth's predicate and value, from registers
  ap_uint<2> job_a = J_L, ph_a = P_BODY, ph_b = P_BODY;
  blk_t dout = 0;                  // the mask of unit B's result: Delta_C (E2) or Delta_M (D2)
  // input buffer: the nonce block, an AD block or a message block
  blk_t ib = 0;
  nbytes_t ib_bytes = 0;
  bool ib_full = false, ib_ad = false, ib_first = false, ib_fin = false;
  // COLM state
  blk_t da = 0, dm = 0, dc = 0, ws = 0, sum = 0, cl = 0, tg = 0;
  nbytes_t r = 0;
  // output buffer
  blk_t ob = 0;
  nbytes_t ob_bytes = 0;
  seg_type_t ob_type = 0;
  // the two AES units (forward and inverse)
  aes_unit_t ua = aes_unit_idle(), ub = aes_unit_idle();
  do {
#ifndef __SYNTHESIS__
    if (st[C_IDLE] && key.empty() && bdi.empty()) break;
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[C_IDLE], s_key = cur[C_KEY], s_npub = cur[C_NPUB], s_ad = cur[C_AD];
    const bool s_msg = cur[C_MSG], s_fin = cur[C_FIN], s_tag_out = cur[C_TAG_OUT];
    const bool s_tag_in = cur[C_TAG_IN], s_auth = cur[C_AUTH];
    const blk_t ib_now = ib, ob_now = ob, dm_now = dm, dc_now = dc, ws_now = ws, sum_now = sum;
    const blk_t tg_now = tg, cl_now = cl, da_now = da, dout_now = dout;

    // ---- the words of this cycle ----
    // zero unless read (then never used): left unset, each kept the last word read (registers and a
    // select before every use). Never waiting (read_words_nb): NPUB and tag words are taken when they
    // come (taken.due), as the RTL core's `if (bdi_valid)`; a loop that waited for them stalled every
    // register on bdi_valid (aes128-otr's docs.md)
    secret_bus kw = {};
    public_bus in = {};
    const words_got_t taken = read_words_nb(key, bdi, s_idle, s_npub | s_tag_in, (s_ad | s_msg) & !ib_full, kw, in);
    const bool take_key = taken.key, take_data = taken.data, take_due = taken.due;
    bool empty = !in.bdi_valid_bytes[3];
    bool eot = in.bdi_eot;
    bool w3 = w == 3, w0 = w == 0;
    bool blk_end = eot || w3;

    // ---- bdo: the output buffer, one word per cycle ----
    blk_t ob_n;
    nbytes_t ob_bytes_n;
    ob_send_word_nb(bdo, true, false, ob_now, ob_bytes, ob_type, ob_n, ob_bytes_n);   // never waiting on bdo_ready
    seg_type_t ob_type_n = ob_type;
    bool ob_free = ob_bytes == 0;

    // ---- the two units' rounds ----
    const aes_round_t ra = aes_unit_round<true>(ua), rb = aes_unit_round<true>(ub);
    const blk_t a_out = ra.out, b_out = rb.out;
    const bool a_busy = ua.busy, b_busy = ub.busy, a_last = ra.last, b_last = rb.last;
    bool j_l = job_a == J_L, j_ad = job_a == J_AD, j_e1 = job_a == J_E1, j_d1 = job_a == J_D1;
    bool pa_body = ph_a == P_BODY, pa_last = ph_a == P_LAST;
    bool pb_body = ph_b == P_BODY, pb_last = ph_b == P_LAST, pb_tail = ph_b == P_TAIL;
    // B's result needs the output buffer, and a DEC's check of C[l+1] the whole tag; A's first call
    // goes on when B takes it (B idle or handing its own result on)
    bool b_take = b_last & ob_free & !(dec & pb_tail & !s_fin);
    bool b_free = !b_busy | b_take;
    bool a_take = a_last & (j_l | j_ad | b_free);
    bool a_free = !a_busy | a_take;
    // rho after E1: (Y ^ 3W, Y ^ 2W); rho^-1 after D1: Y = X ^ 3W, W' = Y ^ 2W
    blk_t rho_out = a_out ^ tpl(ws_now);
    blk_t rho_y = a_out;
    if (dec) rho_y = rho_out;
    blk_t rho_w = rho_y ^ dbl(ws_now);
    blk_t b_res = b_out ^ dout_now;                     // C[i] (ENC, block l + 1) or M[i] (DEC)
    blk_t sigma_l = b_res;                              // DEC block l: Sigma
    blk_t m_last = sigma_l ^ sum_now;                   // DEC: the padded M[l]
    blk_t mask_r = block_mask(r);

    blk_t lv_n = lv, k10_n = k10, ws_n = ws_now, sum_n = sum_now, cl_n = cl_now, tg_n = tg_now;
    blk_t dm_n = dm_now, dc_n = dc_now, da_n = da_now, dout_n = dout_now;
    nbytes_t r_n = r;
    ap_uint<2> job_a_n = job_a, ph_a_n = ph_a, ph_b_n = ph_b;
    bool a_start = false, a_start_inv = false, b_start = false, b_start_inv = false;
    blk_t a_in = 0, a_key = k, b_in = 0, b_key = k;
    bool to_auth = false, to_tag_out = false;
    if (a_take & j_l) {
      lv_n = a_out;
      k10_n = ra.rk;
    }
    if (a_take & j_ad) ws_n = ws_now ^ a_out;
    bool hand = a_take & (j_e1 | j_d1);                 // the second call in B right away
    if (hand) {
      ws_n = rho_w;
      b_start = true;
      b_in = rho_out;
      b_start_inv = j_d1;
      if (j_d1) b_key = k10;
      ph_b_n = ph_a;
      dout_n = dc_now;
      if (j_d1) dout_n = dm_now;
    }
    if (b_take & pb_body) {
      ob_n = b_res;
      ob_bytes_n = 16;
      ob_type_n = dec ? seg_type_t(LWC_TYPE_PT) : seg_type_t(LWC_TYPE_CT);
      if (dec) sum_n = sum_now ^ b_res;
    }
    // the checks and the tag, computed always and selected below (flat selects: one state per cycle)
    bool r_full = r == 16;
    bool pad_wrong = (m_last & ~mask_r) != pad10(blk_t(0), r);
    bool pad_bad = !r_full & pad_wrong;                 // DEC: M[l]'s 10* padding
    // DEC: C[l+1]'s first r bytes. Block l + 1's second call is a forward call (E2), whose last round
    // key is K10 (k10): B's last round without its key, keyed with K10 ^ Delta_C ^ the received bytes
    // (registers), is b_res ^ tg, so the check does not wait for B's on-the-fly key step and the
    // forward/inverse select (the RTL core's longest path, into bad_q)
    blk_t tail_key = k10 ^ dout_now ^ tg_now;
    bool tail_bad = (aes_enc_round(ub.as, tail_key, true) & mask_r) != 0;
    auth_ok = !bad;                                     // the verdict as this cycle found it
    blk_t tag_out = shl_bytes(cl_now, r) | shr_bytes(b_res, nbytes_t(16 - r));
    bool last_done = b_take & pb_last, tail_done = b_take & pb_tail;
    if (last_done & dec) {                              // DEC: M[l], its padding, Sigma
      ob_n = m_last & mask_r;
      ob_bytes_n = r;
      ob_type_n = LWC_TYPE_PT;
      bad = bad | pad_bad;
      sum_n = sigma_l;
    }
    if (last_done & !dec) cl_n = b_res;                 // ENC: C[l]
    // block l + 1: E_K(Sigma ^ 2 Delta_M) in A; ENC right behind block l's first call (Sigma is
    // known), DEC after block l's second (Sigma comes out of it)
    bool tail_go = (last_done & dec) | (hand & !dec & pa_last);
    blk_t sig = sum_now;
    if (dec) sig = sigma_l;
    if (tail_go) {
      dm_n = dbl(dm_now);
      dc_n = dbl(dc_now);
      a_start = true;
      a_in = sig ^ dbl(dm_now);
      job_a_n = J_E1;
      ph_a_n = P_TAIL;
    }
    if (tail_done & dec) {
      bad = bad | tail_bad;
      to_auth = true;
    }
    if (tail_done & !dec) {                             // C[l]'s first r bytes, then the tag
      ob_n = cl_now & mask_r;
      ob_bytes_n = r;
      ob_type_n = LWC_TYPE_CT;
      tg_n = tag_out;
      to_tag_out = true;
    }

    // ---- a block from the input buffer into unit A: nonce / AD blocks and body blocks ----
    bool ib_part = ib_bytes != 16;
    blk_t ib_pad = ib_now;
    if (ib_part) ib_pad = ib_now | pad10(blk_t(0), ib_bytes);
    bool ib_full_n = ib_full;
    bool load = ib_full & !ib_fin & a_free;
    if (load) {
      a_start = true;
      ib_full_n = false;
      if (ib_ad) {
        // Delta_A = 3L for the nonce block, then 2 Delta_A (full) or 7 Delta_A (padded)
        blk_t da_next = dbl(da_now);
        if (ib_part) da_next = sev(da_now);
        if (ib_first) da_next = tpl(lv);
        da_n = da_next;
        a_in = ib_pad ^ da_next;
        job_a_n = J_AD;
      } else {
        dm_n = dbl(dm_now);
        dc_n = dbl(dc_now);
        ph_a_n = P_BODY;
        a_start_inv = dec;
        if (dec) {
          a_in = ib_now ^ dbl(dc_now);
          a_key = k10;
          job_a_n = J_D1;
        } else {
          a_in = ib_now ^ dbl(dm_now);
          sum_n = sum_now ^ ib_now;
          job_a_n = J_E1;
        }
      }
    }

    // ---- block l in A, right behind the last body block's first call; a DEC with a short M[l]
    // starts with its last tag word (C[l] takes tag bytes), a full M[l] without the tag ----
    bool tag_last = s_tag_in & w3 & take_due;
    blk_t tag_in = tg_now;
    if (tag_last) tag_in = set_block_word(tg_now, 3, in.bdi, false);
    bool fin_full = ib_bytes == 16;
    bool fin_go = ib_full & ib_fin & pa_body & a_free & (s_fin | tag_last | (s_tag_in & fin_full));
    blk_t dm_fin = sev(dm_now), dc_fin = sev(dc_now);
    if (!fin_full) {
      dm_fin = sev(dm_fin);
      dc_fin = sev(dc_fin);
    }
    bool fin_shift = fin_go & dec & !fin_full;          // C[l+1]'s r bytes of the tag kept
    if (fin_go) {
      a_start = true;
      ib_full_n = false;
      r_n = ib_bytes;
      dm_n = dm_fin;
      dc_n = dc_fin;
      ph_a_n = P_LAST;
      a_start_inv = dec;
      if (dec) {
        // C[l] = the CT tail || the tag's first 16 - r bytes
        a_in = (ib_now | shr_bytes(tag_in, ib_bytes)) ^ dc_fin;
        a_key = k10;
        job_a_n = J_D1;
      } else {
        sum_n = sum_now ^ ib_pad;
        a_in = sum_now ^ ib_pad ^ dm_fin;
        job_a_n = J_E1;
      }
    }
    if (fin_shift) tg_n = shl_bytes(tag_in, nbytes_t(16 - ib_bytes));

    // ---- control and word path ----
    blk_t k_n = k, ib_n = ib_now;
    nbytes_t ib_bytes_n = ib_bytes;
    bool ib_ad_n = ib_ad, ib_first_n = ib_first, ib_fin_n = ib_fin;
    if (take_key) k_n = set_block_word(k, w, kw.key, false);
    if (s_idle) {
      if (take_key) {
        w = w + 1;
        if (w3) {
          a_start = true;                               // L = E_K(0^128), the new key
          a_in = 0;
          a_key = set_block_word(k, 3, kw.key, false);
          job_a_n = J_L;
          st = ONE_HOT(C_KEY);
        }
      } else if (taken.first) {
        dec = in.decrypt_in;
        ib_n = set_block_word(ib_now, 0, in.bdi, false);
        st = ONE_HOT(C_NPUB);
      }
    } else if (s_key) {
      if (a_take) st = ONE_HOT(C_IDLE);
    } else if (s_npub & take_due) {                     // N || param (0^64): the first IV block
      ib_n = (ap_uint<32>(ib_now(127, 96)), in.bdi, ap_uint<64>(0));
      ib_bytes_n = 16;
      ib_full_n = true;
      ib_ad_n = true;
      ib_first_n = true;
      ib_fin_n = false;
      w = 0;
      ws_n = 0;
      sum_n = 0;
      dm_n = lv;
      dc_n = tpl(tpl(lv));
      bad = false;
      st = ONE_HOT(C_AD);
    } else if (s_ad | s_msg) {
      if (take_data) {
        ib_first_n = false;
        ib_ad_n = s_ad;
        if (empty) {
          if (s_ad) {
            st = ONE_HOT(C_MSG);
          } else {                                      // an empty message: M[1] empty
            ib_n = 0;
            ib_bytes_n = 0;
            ib_full_n = true;
            ib_fin_n = true;
            st = dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_FIN);
          }
        } else {
          ib_put_word(ib_now, ib_bytes, w, in, ib_n, ib_bytes_n);
          w = eot ? ap_uint<2>(0) : ap_uint<2>(w + 1);
          if (blk_end) {
            ib_full_n = true;
            ib_fin_n = s_msg & eot;
          }
          if (eot) st = s_ad ? ONE_HOT(C_MSG) : dec ? ONE_HOT(C_TAG_IN) : ONE_HOT(C_FIN);
        }
      }
    } else if (s_tag_in & take_due) {
      if (!fin_shift) tg_n = set_block_word(tg_now, w, in.bdi, false);   // else block l took the tag
      w = w + 1;
      if (w3) st = ONE_HOT(C_FIN);
    } else if (s_tag_out) {
      if (ob_free) {
        if (w0) {
          ob_n = tg_now;
          ob_bytes_n = 16;
          ob_type_n = LWC_TYPE_TAG;
          w = 1;
        } else {
          w = 0;
          ph_a_n = P_BODY;
          st = ONE_HOT(C_IDLE);
        }
      }
    } else if (s_auth) {             // msg_auth (from bad's register) goes out as the loop ends
      ph_a_n = P_BODY;
      st = ONE_HOT(C_IDLE);
    }
    if (to_auth) st = ONE_HOT(C_AUTH);
    if (to_tag_out) {
      w = 0;
      st = ONE_HOT(C_TAG_OUT);
    }
    // DEC ends in a C_AUTH iteration, as the RTL core: msg_auth goes out after the loop, in that
    // iteration's cycle, from registers only (predicate s_auth, value !bad as the iteration found it).
    // Ending in the cycle of the last check instead put B's last round, the check and the verdict
    // combinationally in front of the PostProcessor (26.8 ns path on ecp5, docs.md "Fmax on ecp5");
    // the C_AUTH cycle is affordable since the never-waiting reads and writes above (DEC's Ta was 48
    // with them and the old exit, against the RTL's 49).
    done = (s_tag_out & ob_free & !w0) | s_auth;
    auth = s_auth;
    (void)s_fin;

    // ---- the units' registers ----
    aes_unit_next<true>(ua, ra, a_start, a_in, a_key, a_start_inv, a_take);
    aes_unit_next<true>(ub, rb, b_start, b_in, b_key, b_start_inv, b_take);
    job_a = job_a_n;
    ph_a = ph_a_n;
    ph_b = ph_b_n;
    dout = dout_n;
    k = k_n;
    k10 = k10_n;
    lv = lv_n;
    ib = ib_n;
    ib_bytes = ib_bytes_n;
    ib_full = ib_full_n;
    ib_ad = ib_ad_n;
    ib_first = ib_first_n;
    ib_fin = ib_fin_n;
    da = da_n;
    dm = dm_n;
    dc = dc_n;
    ws = ws_n;
    sum = sum_n;
    cl = cl_n;
    tg = tg_n;
    r = r_n;
    ob = ob_n;
    ob_bytes = ob_bytes_n;
    ob_type = ob_type_n;
  } while (!done);
  k_hi = k(127, 64);
  k_lo = k(63, 0);
  k10_hi = k10(127, 64);
  k10_lo = k10(63, 0);
  l_hi = lv(127, 64);
  l_lo = lv(63, 0);
  if (auth) msg_auth.write(auth_ok);   // DEC: in the AUTH cycle, as the RTL core
}
