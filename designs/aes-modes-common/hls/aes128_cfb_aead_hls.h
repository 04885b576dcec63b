/* aes128_cfb_aead_hls.h — the HLS CipherCore CLOC-AES (SUPERCOP aes128n12t8clocv2) and SILC-AES
 * (aes128n12t8silcv2) share (12-byte nonce, 8-byte tag), for the LWC frame: their golden models share
 * cloc.cfb_seal / cfb_open, their RTL cores aes-modes-common/rtl/aes128_cfb_aead_core.v. A core file
 * defines CFB_AEAD_SILC (0: CLOC, 1: SILC) and CFB_AEAD_TOP (the top function's name), then includes
 * this header: designs/cloc-aes128/hls/cloc_aes128_hls_core.cpp, designs/silc-aes128/hls/silc_aes128_hls_core.cpp.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it (Fig. 4-6): the public,
 * secret and output groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h),
 * msg_auth a stream of bool. The architecture is the RTL core's (docs.md of the two designs): two
 * iterative AES-128 encryption units (one round per cycle, round keys on the fly), one for HASH and
 * the CFB keystream, one for the PRF chain; both message chains need only the ciphertext block, so
 * they start together: 11 cycles per block. A core that defines CFB_AEAD_CHAIN_IN_LAST 1 (SILC) starts
 * the job that needs a unit's result in that unit's last round, from the round's output: 10 cycles per
 * block (the RTL core's CHAIN_IN_LAST). References: src/cryptohls/golden/cloc.py, silc.py.
 *
 * Written as the OCB3 / OTR HLS cores: one loop, one iteration per clock cycle, the RTL's registers
 * as loop variables (next values computed from the values at the top of the iteration), every stream
 * access predicated, every unit input computed as flat logic before the choice.
 */
#ifndef AES128_CFB_AEAD_HLS_H
#define AES128_CFB_AEAD_HLS_H

#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "aes_modes_hls.h"   // aes_unit_t (aes128_hls.h's rounds)
#include "block_buffer_hls.h"   // blk_t, block_mask, pad10 (ozp), set_block_word, read_words_nb, ib_put_word, ob_send_word_nb

/* SILC's g(X1, ..., X16) = (X2, ..., X16, X1 ^ X2) on bytes; Len(X) = |X| as 15 bytes, then 0. */
static blk_t g_silc(blk_t x) {
  ap_uint<8> x1 = x(127, 120), x2 = x(119, 112);
  return (ap_uint<120>(x(119, 0)), ap_uint<8>(x1 ^ x2));
}

static blk_t len_block(ap_uint<32> n) {
  return (ap_uint<88>(0), n, ap_uint<8>(0));
}

/* CLOC's word map y(X1, X2, X3, X4) = (X2, X3, X4, X1 ^ X2); f2 = g2 = y, g1 = y^2, h = 1 + y,
 * f1 = 1 + y^2. */
static blk_t y_map(blk_t x) {
  ap_uint<32> x1 = x(127, 96), x2 = x(95, 64);
  blk_t lo = x(95, 0);
  return (lo(95, 0), ap_uint<32>(x1 ^ x2));
}

enum core_state_t { S_IDLE, S_NPUB, S_HASH, S_V, S_MSG, S_CLOSE, S_TAG, S_TAG_IO, S_AUTH };
const int SEG_AD = 0, SEG_MSG = 1, SEG_END = 2;   // the segment of the next bdi data word
typedef ap_uint<9> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))
#define CLOC_PARAM 0xC0   // the byte before N in the nonce block (golden cloc.PARAM)
#ifndef CFB_AEAD_CHAIN_IN_LAST
#define CFB_AEAD_CHAIN_IN_LAST 0
#endif

void CFB_AEAD_TOP(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                          hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The key, held between messages (a static: the top restarts per message), as 64-bit halves, read
  // and written in every iteration: the RTL's k_q (a loop-variable copy was two registers and a select
  // per bit; docs/lwc.md, "The seed-002 bench").
  static lane_t k_hi, k_lo;
  onehot_t st = ONE_HOT(S_IDLE);
  ap_uint<2> seg = SEG_AD, w = 0;
  bool dec = false, bad = false, done;
  ap_uint<96> n = 0;
  // input buffer: one block
  blk_t ib = 0;
  nbytes_t ib_bytes = 0;
  bool ib_full = false, ib_last = false;
  // HASH
  bool first = false, hflag = false, adfull = false;   // CLOC
  ap_uint<32> adlen = 0, mlen = 0;                      // SILC: |A|, |C| in bytes
  // the units' results, and the output buffer
  blk_t r = 0, s = 0, ob = 0;
  nbytes_t ob_bytes = 0;
  seg_type_t ob_type = 0;
  lane_t tag = 0;
  // the two AES units: c (the chain) and p
  aes_unit_t uc = aes_unit_idle(), up = aes_unit_idle();   // (encryption only)
  do {
#ifndef __SYNTHESIS__
    // C simulation: nothing more to do
    if (st[S_IDLE] && key.empty() && bdi.empty()) break;
#endif
    const onehot_t cur = st;
    const bool s_idle = cur[S_IDLE], s_npub = cur[S_NPUB], s_hash = cur[S_HASH], s_v = cur[S_V];
    const bool s_msg = cur[S_MSG], s_close = cur[S_CLOSE], s_tag = cur[S_TAG], s_tag_io = cur[S_TAG_IO];
    const bool s_auth = cur[S_AUTH];
    const bool dec_now = dec;
    const blk_t k_now = (k_hi, k_lo);
    const blk_t ib_now = ib, ob_now = ob, r_now = r, s_now = s;

    // ---- the words of this cycle ----
    bool data_st = s_hash | s_v | s_msg;
    // zero unless read (then never used): left unset, each kept the last word read in registers and put
    // a select before every use
    secret_bus kw = {};
    public_bus in = {};
    // never waiting (read_words_nb): NPUB and TAG words are taken when they come (take_due), as the RTL
    // core's `if (bdi_valid)`; a loop that waited for them stalled every register on bdi_valid
    const words_got_t taken =
        read_words_nb(key, bdi, s_idle, s_npub | (s_tag_io & dec), data_st & (seg != SEG_END) & !ib_full, kw, in);
    const bool take_key = taken.key, take_data = taken.data, take_due = taken.due;
    bool eot = in.bdi_eot;

    // ---- bdo: the output buffer, one word per cycle ----
    blk_t ob_n;
    nbytes_t ob_bytes_n;
    ob_send_word_nb(bdo, true, false, ob_now, ob_bytes, ob_type, ob_n, ob_bytes_n);
    bool ob_free = ob_bytes == 0;

    // ---- the units' rounds; results registered in the cycle they come ----
    const aes_round_t rc = aes_unit_round<false>(uc), rp = aes_unit_round<false>(up);
    const blk_t c_out = rc.out, p_out = rp.out;
    const bool c_busy = uc.busy, p_busy = up.busy, c_last = rc.last, p_last = rp.last;
    blk_t r_n = r_now, s_n = s_now;
    if (c_last) r_n = c_out;
    if (p_last) s_n = p_out;
    // a unit is free for the next job when idle or (CFB_AEAD_CHAIN_IN_LAST) in its last round, whose
    // output is then the result the job reads
#if CFB_AEAD_CHAIN_IN_LAST
    const bool c_free = !c_busy | c_last, p_free = !p_busy | p_last;
    const blk_t r_cur = c_last ? c_out : r_now, s_cur = p_last ? p_out : s_now;
#else   // CLOC: the source of the 11-cycle core as it was (a constant-false chain flag cost states)
    const bool c_free = !c_busy, p_free = !p_busy;
    const blk_t r_cur = r_now, s_cur = s_now;
#endif

    // ---- every job's input as flat logic, before the choice ----
    blk_t ib_pad = pad10(ib_now, ib_bytes);
    blk_t hv = r_cur;                                             // the HASH state V
    if (hflag) hv = r_cur ^ y_map(r_cur);
    blk_t nb = (ap_uint<8>(CLOC_PARAM), n, ap_uint<8>(0x80), ap_uint<16>(0));
    blk_t hv_n = hv ^ nb;                                         // V ^ ozp(param || N)
    blk_t hv_n2 = y_map(y_map(hv_n));
    blk_t v_msg = y_map(hv_n);                                    // CLOC HASH_K(A, N): f1 or f2
    if (adfull) v_msg = hv_n ^ hv_n2;
    if (CFB_AEAD_SILC) v_msg = g_silc(r_cur) ^ len_block(adlen);  // SILC HASH_K(N, A)
    blk_t v_g2 = y_map(v_msg), v_g1 = y_map(v_g2);
    if (CFB_AEAD_SILC) v_g2 = g_silc(v_msg);                      // the PRF's first input
    if (CFB_AEAD_SILC) v_g1 = v_g2;
    blk_t hash_in = hv ^ ib_pad;
    if (first) hash_in = ib_pad & ~(blk_t(1) << 127);             // fix0(A[1])
    if (CFB_AEAD_SILC) hash_in = r_cur ^ ib_now;                  // S ^ zpp(A[i])
    blk_t m_out = (ib_now ^ r_cur) & block_mask(ib_bytes);        // C (ENC) or M (DEC)
    blk_t c_blk = m_out;
    if (dec) c_blk = ib_now;                                      // the ciphertext block
    blk_t s_c = s_cur ^ pad10(c_blk, ib_bytes);
    blk_t s_c2 = y_map(y_map(s_c));
    blk_t tag_in = y_map(s_c);                                    // f2(S ^ ozp(C[m]))
    if (ib_bytes == 16) tag_in = s_c ^ s_c2;                      // f1(S ^ C[m])
    if (CFB_AEAD_SILC) tag_in = s_cur ^ c_blk;                    // SILC: S ^ zpp(C[m]), then S_CLOSE
    blk_t close_in = g_silc(s_cur) ^ len_block(mlen);             // SILC: g(S) ^ Len(C)
    blk_t nonce_in = (ap_uint<24>(0), ap_uint<8>(CLOC_PARAM), ap_uint<64>(n(95, 32)), in.bdi);
    blk_t cfb_in = c_blk | (blk_t(1) << 127);                     // fix1(C[i])

    bool c_start = false, p_start = false;
    blk_t c_in = 0, p_in = 0;
    blk_t ib_n = ib_now;
    nbytes_t ib_bytes_n = ib_bytes;
    bool ib_full_n = ib_full, ib_last_n = ib_last;
    seg_type_t ob_type_n = ob_type;
    lane_t tag_n = tag;
    ap_uint<2> seg_n = seg, w_n = w;
    bool first_n = first, hflag_n = hflag, adfull_n = adfull;
    onehot_t st_n = cur;

    // ---- data words of AD and message into the input buffer ----
    if (take_data) {
      ib_put_word(ib_now, ib_bytes, w, in, ib_n, ib_bytes_n);
      if (seg == SEG_AD) adlen = adlen + in.bdi_size;
      else mlen = mlen + in.bdi_size;
      w_n = w + 1;
      if (eot | (w == 3)) {                                       // a block complete
        ib_full_n = true;
        ib_last_n = eot;
        w_n = 0;
      }
      if (eot) seg_n = seg == SEG_AD ? ap_uint<2>(SEG_MSG) : ap_uint<2>(SEG_END);
    }

    blk_t k_n = k_now;
    if (s_idle) {
      if (take_key) {
        k_n = set_block_word(k_now, w, kw.key, false);
        w_n = w + 1;
      } else if (taken.first) {
        dec = in.decrypt_in;
        n(95, 64) = in.bdi;
        w_n = 1;
        st_n = ONE_HOT(S_NPUB);
      }
    } else if (s_npub) {
      if (take_due) {
        if (w == 1) n(63, 32) = in.bdi;
        else n(31, 0) = in.bdi;
        w_n = w + 1;
        if (w == 2) {
          w_n = 0;
          seg_n = SEG_AD;
          ib_full_n = false;
          first_n = true;
          bad = false;
          adlen = 0;
          mlen = 0;
          st_n = ONE_HOT(S_HASH);
          if (CFB_AEAD_SILC) {                                  // S = E_K(0^24 || param || N)
            c_start = true;
            c_in = nonce_in;
          }
        }
      }
    } else if (s_hash) {
      // V = E_K(fix0(A[1])) (h(...) if A[1] starts with 1), V = E_K(V ^ A[i])
      // SILC: S = E_K(S ^ zpp(A[i])); an empty A (its size-0 word) has no job
      if (c_free & ib_full) {
        c_start = !CFB_AEAD_SILC || ib_bytes != 0;
        c_in = hash_in;
        hflag_n = first & ib_pad[127];
        first_n = false;
        ib_full_n = false;
        if (ib_last) {
          adfull_n = ib_bytes == 16;
          st_n = ONE_HOT(S_V);
        }
      }
    } else if (s_v) {
      // E_K(V) and S = E_K(g2(V)), or the tag E_K(g1(V)) of an empty message
      if (c_free & ib_full) {
        p_start = true;
        if (ib_last & (ib_bytes == 0)) {
          p_in = v_g1;
          ib_full_n = false;
          st_n = CFB_AEAD_SILC ? ONE_HOT(S_CLOSE) : ONE_HOT(S_TAG);
        } else {
          p_in = v_g2;
          c_start = true;
          c_in = v_msg;
          st_n = ONE_HOT(S_MSG);
        }
      }
    } else if (s_msg) {
      // C[i] = M[i] ^ E_K(...) (DEC: M[i] = C[i] ^ ...); the next jobs need only C[i]
      if (c_free & p_free & ib_full & ob_free) {
        ob_n = m_out;
        ob_bytes_n = ib_bytes;
        ob_type_n = dec ? seg_type_t(LWC_TYPE_PT) : seg_type_t(LWC_TYPE_CT);
        ib_full_n = false;
        p_start = true;
        if (ib_last) {
          p_in = tag_in;
          st_n = CFB_AEAD_SILC ? ONE_HOT(S_CLOSE) : ONE_HOT(S_TAG);
        } else {
          p_in = s_c;
          c_start = true;
          c_in = cfb_in;
        }
      }
    } else if (s_close) {
      // SILC: T = msb_64(E_K(g(S) ^ Len(C)))
      if (p_free) {
        p_start = true;
        p_in = close_in;
        st_n = ONE_HOT(S_TAG);
      }
    } else if (s_tag) {
      // T = msb_64(E_K(...)): ENC sends it, DEC compares the two TAG words
      if (p_free & ob_free) {
        w_n = 0;
        st_n = ONE_HOT(S_TAG_IO);
        tag_n = s_cur(127, 64);
        if (!dec) {
          ob_n = s_cur;
          ob_bytes_n = 8;
          ob_type_n = LWC_TYPE_TAG;
        }
      }
    } else if (s_tag_io) {
      if (!dec) {
        if (ob_free) st_n = ONE_HOT(S_IDLE);
      } else if (take_due) {
        bad = bad || (in.bdi != data_t(tag(63, 32)));
        tag_n = tag << 32;
        w_n = w + 1;
        if (w == 1) {
          w_n = 0;
          st_n = ONE_HOT(S_AUTH);
        }
      }
    } else {             // S_AUTH: msg_auth goes out as the loop ends
      st_n = ONE_HOT(S_IDLE);
    }
    // dec as it was at the top of the iteration (the RTL's dec_q): the value after the branches above
    // is the one S_IDLE may have just read with a word, which put bdi_valid into done and so into the
    // enable of every register (the loop's exit condition)
    done = (s_tag_io & !dec_now & ob_free) | s_auth;

    // ---- the AES units' registers ----
    aes_unit_next<false>(uc, rc, c_start, c_in, k_now, false, c_last);
    aes_unit_next<false>(up, rp, p_start, p_in, k_now, false, p_last);
    st = st_n;
    seg = seg_n;
    w = w_n;
    k_hi = k_n(127, 64);
    k_lo = k_n(63, 0);
    ib = ib_n;
    ib_bytes = ib_bytes_n;
    ib_full = ib_full_n;
    ib_last = ib_last_n;
    first = first_n;
    hflag = hflag_n;
    adfull = adfull_n;
    r = r_n;
    s = s_n;
    ob = ob_n;
    ob_bytes = ob_bytes_n;
    ob_type = ob_type_n;
    tag = tag_n;
  } while (!done);
  if (dec) msg_auth.write(!bad);   // DEC: in the AUTH cycle, as the RTL core
}

#endif
