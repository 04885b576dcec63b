/* jambu_aes128_hls_core.cpp — JAMBU-AES (AES-JAMBU, JAMBU v2; SUPERCOP aesjambuv2) CipherCore in HLS
 * C++ on the frame's CipherCore port list (designs/lwc-frame/hls/lwc_cipher_core.h).
 *
 * The RTL core's design (designs/jambu-aes128/rtl/jambu_aes128_core.v; reference:
 * src/cryptohls/golden/aesjambuv2.py and jambu.py), written as its next-state function: one loop
 * iteration per clock cycle, every stream access predicated on the state (docs/hls-c-guide.md §3), so
 * the cycles are the RTL's. One AES-128 round per cycle with the round key computed on the fly
 * (aes128-ecb-enc's aes_enc_round / aes_key_step, as the other AES modes' HLS cores); JAMBU's step in
 * the cycle of round 10, which also starts the next AES call, so an 8-byte block costs 10 cycles while
 * the bus words of the next block come in and the CT/PT words of the last one go out. `phase` names
 * what is absorbed after the current AES call:
 *   INIT (block 0, frame 5, R = 0), AD blocks (frame 1), MSG blocks (frame 0), FIN (block 0, frame 3),
 *   TAG (tag = X ^ Y ^ R).
 * Byte order: V is AES state bytes 0..7 ([127:64] in FIPS-197 order), U bytes 8..15 ([63:0]); the mode
 * is bytewise, so bus words go in as they come. Sizes: key 16 bytes (4 words), nonce, tag and blocks
 * 8 bytes (2 words). Every message is one call (the loop ends with the message); the key is kept
 * between calls.
 */
#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "../../aes128-ecb-enc/hls/aes128_hls.h"
#include "../../jambu-common/hls/jambu_bytes_hls.h"

typedef ap_uint<128> blk_t;
typedef ap_uint<64> half_t;   // U, V, R, a block

static const int S_IDLE = 0, S_RUN = 1, S_TAG = 2;   // S_TAG: ENC, the tag words leave
static const int PH_INIT = 0, PH_AD = 1, PH_MSG = 2, PH_FIN = 3, PH_TAG = 4;

void jambu_aes128_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                           hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=key
#pragma HLS INTERFACE mode=valid_ready port=bdi
#pragma HLS INTERFACE mode=valid_ready port=bdo
#pragma HLS INTERFACE mode=valid_ready port=msg_auth
  static blk_t key_q;   // the key, bus order = FIPS-197 byte order; kept between messages
  ap_uint<2> st = S_IDLE;
  ap_uint<3> ph = PH_INIT;
  bool dec = false, auth = false, done;
  half_t r = 0;                    // JAMBU's R
  half_t acc = 0, obuf = 0;        // input / output bytes, first byte on top
  ap_uint<4> cnt = 0, ocnt = 0;    // bytes in acc / obuf
  bool eot = false;                // the current segment's last word is in acc
  seg_type_t otype = LWC_TYPE_CT;
  // the AES unit: round counter (1 .. 10), Rcon, state and round key (U, V live in the state)
  ap_uint<4> rnd = 0;
  ap_uint<8> rcon = 1;
  blk_t as = 0, rk = 0;
  do {
#ifndef __SYNTHESIS__
    if (st == S_IDLE && cnt == 0 && key.empty() && bdi.empty()) return;   // C simulation: nothing more to do
#endif
    // the state before this cycle (every decision below reads these, as the RTL's _q registers)
    const bool idle = st == S_IDLE, run = st == S_RUN, tag_out = st == S_TAG;
    const bool ph_ad = ph == PH_AD, ph_msg = ph == PH_MSG, ph_tag = ph == PH_TAG;
    const bool late = ph >= PH_FIN;              // after the PT/CT segment: only a DEC's tag comes
    const bool final_round = rnd == 10;
    const bool aes_last = run && final_round;
    const blk_t k_now = key_q;
    const bool dec_now = dec;

    // ---- streams: key words (idle), bdi words while they fit, bdo words from obuf, msg_auth ----
    // (the handshakes are read first: a stream call on the right of && would be a branch)
    const bool key_valid = !key.empty(), bdi_valid = !bdi.empty();
    const bool bdo_ready = !bdo.full();
    const ap_uint<4> ohead = ocnt >= 4 ? ap_uint<4>(4) : ocnt;
    bool in_call = run && !aes_last && (!late || dec);
    bool take_key = idle && key_valid;
    bool take_bdi = (idle || in_call) && !eot && cnt < 8 && bdi_valid;
    // zero unless read (then never used): left unset, each kept the last word read in registers and put
    // a select before every use
    secret_bus kw = {};
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();
    bool emit = ocnt != 0 && bdo_ready;
    output_bus o;
    o.bdo = data_t(obuf >> 32);
    o.bdo_type = otype;
    o.bdo_valid_bytes = ohead == 4 ? 0xF : ohead == 3 ? 0xE : ohead == 2 ? 0xC : 0x8;
    o.end_of_block = ocnt <= 4;
    if (emit) bdo.write(o);

    // ---- one AES round and the key schedule step; X, Y in round 10 ----
    blk_t rk_up = aes_key_step(rk, rcon);
    blk_t aes_out = aes_enc_round(as, rk_up, final_round);
    half_t y_out = aes_out(127, 64), x_out = aes_out(63, 0);

    // ---- the block absorbed at the end of this call (AD, MSG) ----
    bool last_blk = eot && cnt < 8;              // the segment's last (padded) block
    bool blk_ready = eot || cnt == 8;
    ap_uint<4> blk_bytes = last_blk ? cnt : ap_uint<4>(8);
    half_t pad8 = last_blk ? pad_byte_at<8>(cnt) : half_t(0);
    half_t out8 = (acc ^ y_out ^ r) & first_bytes_mask<8>(blk_bytes);   // P ^ (Y ^ R) (ENC) or C ^ (Y ^ R) (DEC)
    half_t plain8 = (dec && ph_msg) ? out8 : acc;           // AD as it comes; the plaintext of a PT/CT block
    half_t tag8 = x_out ^ y_out ^ r;
    bool tag_ok = tag8 == acc;                                // DEC: the received tag is in acc
    bool finish = ph_ad ? blk_ready : ph_msg ? (blk_ready && ocnt == 0) :
                  ph_tag ? (dec ? (eot && ocnt == 0) : ocnt == 0) : true;
    half_t blk = (ph_ad || ph_msg) ? half_t(plain8 | pad8) : half_t(0);
    ap_uint<8> frame = ph == PH_INIT ? 5 : ph_ad ? 1 : ph == PH_FIN ? 3 : 0;
    half_t u_new = x_out ^ blk;
    half_t v_new = y_out ^ r ^ (half_t(frame) << 56);

    // ---- next state ----
    half_t acc_n = acc, obuf_n = obuf;
    ap_uint<4> cnt_n = cnt, ocnt_n = ocnt;
    if (emit) {
      obuf_n = obuf << 32;
      ocnt_n = ocnt - ohead;
    }
    // a word is appended at byte cnt (0 or 4: every word but a segment's last is full)
    if (take_bdi) {
      acc_n = acc | (cnt[2] ? half_t(in.bdi) : half_t(half_t(in.bdi) << 32));
      cnt_n = cnt + in.bdi_size;
    }
    bool eot_n = take_bdi ? bool(in.bdi_eot) : eot;
    bool dec_n = (idle && take_bdi) ? bool(in.decrypt_in) : dec;
    key_q = take_key ? blk_t((k_now(95, 0), data_t(kw.key))) : k_now;   // shifted in, first word on top

    bool go = idle && eot;                       // the nonce is in: E_K(N || 0)
    bool step = aes_last && finish;              // round 10 and the state update
    bool start = go || (step && !ph_tag);        // the next AES call
    bool consume = step && (ph_ad || ph_msg);    // the block leaves acc
    blk_t aes_in = go ? blk_t((acc, half_t(0))) : blk_t((v_new, u_new));
    if (start) {
      as = aes_in ^ k_now;
      rk = k_now;
      rnd = 1;
      rcon = 1;
    } else if (run && !final_round) {
      as = aes_out;
      rk = rk_up;
      rnd = rnd + 1;
      rcon = aes_xtime(rcon);
    }
    r = go ? half_t(0) : step ? half_t(r ^ u_new) : r;
    bool phase_done = !(ph_ad || ph_msg) || last_blk;
    ph = go ? ap_uint<3>(PH_INIT) : (step && phase_done) ? ap_uint<3>(ph + 1) : ph;
    bool clear_in = go || consume || (step && ph_tag);
    acc = clear_in ? half_t(0) : acc_n;
    cnt = clear_in ? ap_uint<4>(0) : cnt_n;
    eot = (go || (step && ph_tag) || (consume && last_blk)) ? false : eot_n;
    bool out_msg = step && ph_msg, out_tag = step && ph_tag && !dec;
    obuf = out_msg ? out8 : out_tag ? tag8 : obuf_n;   // a DEC's tag is compared, never put on bdo
    ocnt = out_msg ? blk_bytes : out_tag ? ap_uint<4>(8) : ocnt_n;
    otype = go ? seg_type_t(dec ? LWC_TYPE_PT : LWC_TYPE_CT) : out_tag ? seg_type_t(LWC_TYPE_TAG) : otype;
    auth = (step && ph_tag) ? tag_ok : auth;
    dec = dec_n;
    st = go ? ap_uint<2>(S_RUN) : (step && ph_tag) ? ap_uint<2>(dec ? S_IDLE : S_TAG) : st;
    // bitwise on bools: a short-circuit here became a block of its own at the loop's end
    const bool drained = ocnt_n == 0;
    // dec_now: dec at the top of the iteration (the RTL's register; in S_RUN it is dec_n anyway): dec_n
    // of an idle cycle comes with a bdi word and put bdi_valid into done, the enable of every register
    done = (step & ph_tag & dec_now) | (tag_out & drained);
  } while (!done);
  // DEC: msg_auth as the loop ends, as every library core (in the loop body it is one state too since qor19)
  if (dec) msg_auth.write(auth);
}
