/* jambu_simon96_hls_core.cpp — JAMBU-SIMON (SIMON-JAMBU96/96, JAMBU v2; SUPERCOP simonjambu96v2)
 * CipherCore in HLS C++ on the frame's CipherCore port list (designs/lwc-frame/hls/lwc_cipher_core.h).
 *
 * The RTL core's design (designs/jambu-simon96/rtl/jambu_simon96_core.v; reference:
 * src/cryptohls/golden/simonjambu96v2.py), written as its next-state function: one loop iteration per
 * clock cycle, every stream access predicated on the state (docs/hls-c-guide.md §3), so the cycles are
 * the RTL's. One SIMON-96/96 round per cycle with the round key computed on the fly; JAMBU's state
 * update in the cycle of round 51, so a 6-byte block costs 52 cycles while the bus words of the next
 * block come in and the CT/PT words of the last one go out through small byte buffers (a 6-byte block
 * on a 4-byte bus). `phase` names what is absorbed after the current SIMON call:
 *   INIT (block 0, frame 5, R = 0), AD blocks (frame 1), MSG blocks (frame 0), FIN (block 0, frame 3),
 *   TAG (tag = X ^ Y ^ R).
 * Sizes: key 12 bytes (3 words), nonce 6 bytes (2 words), tag 6 bytes (2 words). Blocks, nonce, key
 * halves and the tag are little-endian 48-bit words, so a block's bus bytes are their byte-swap.
 * Every message is one call (the loop ends with the message); the key is kept between calls.
 */
#include "../../lwc-frame/hls/lwc_cipher_core.h"
#include "../../jambu-common/hls/jambu_bytes_hls.h"

typedef ap_uint<48> w48_t;   // a SIMON word, a 6-byte block
typedef ap_uint<80> buf_t;   // 10 bytes of bus data, first byte in [79:72]

static const w48_t SIMON_C = 0xFFFFFFFFFFFCULL;   // 2^48 - 4
/* z2, bit i of the sequence in bit 61 - i (the paper's order, first bit on the left) */
static const ap_uint<62> SIMON_Z2 = 0x2BDC0D262847E5B3ULL;   // 10101111011100000011010010011000101000010001111110010110110011
static const int LAST_ROUND = 51;

static const int S_IDLE = 0, S_RUN = 1, S_TAG = 2;   // S_TAG: ENC, the tag words leave
static const int PH_INIT = 0, PH_AD = 1, PH_MSG = 2, PH_FIN = 3, PH_TAG = 4;

static w48_t swap6(w48_t v) {
  w48_t r = 0;
  for (int i = 0; i < 6; i++) {
#pragma HLS UNROLL
    r |= ((v >> (8 * i)) & 0xFF) << (8 * (5 - i));
  }
  return r;
}

static w48_t rol(w48_t v, int n) { return (v << n) | (v >> (48 - n)); }
static w48_t ror(w48_t v, int n) { return (v >> n) | (v << (48 - n)); }

/* Byte positions are small counters, so the byte shifts below are selects among constant shifts
 * (a variable shift of an ap_uint is a helper with branches of its own, which the loop body cannot
 * take as one state); the block masks are jambu-common's. */

/* a bus word placed at byte n (0, 2, 4, 6: every word but a segment's last is full) of the buffer */
static buf_t word_at(data_t w, ap_uint<4> n) {
  buf_t v = w;
  return n < 2 ? buf_t(v << 48) : n < 4 ? buf_t(v << 32) : n < 6 ? buf_t(v << 16) : v;
}

/* a block placed at byte n (0 .. 3) of the buffer */
static buf_t block_at(w48_t b, ap_uint<4> n) {
  buf_t v = b;
  return n == 0 ? buf_t(v << 32) : n == 1 ? buf_t(v << 24) : n == 2 ? buf_t(v << 16) : buf_t(v << 8);
}

void jambu_simon96_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                            hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=key
#pragma HLS INTERFACE mode=valid_ready port=bdi
#pragma HLS INTERFACE mode=valid_ready port=bdo
#pragma HLS INTERFACE mode=valid_ready port=msg_auth
  static ap_uint<96> key_q;   // the key, bus order (byte 0 in [95:88]); kept between messages
  ap_uint<2> st = S_IDLE;
  ap_uint<3> ph = PH_INIT;
  ap_uint<6> rnd = 0;
  bool dec = false, done, auth_cycle, tag_ok;
  w48_t x = 0, y = 0, r = 0, ka = 0, kb = 0;   // SIMON state (U, V between calls), R, round keys k_i, k_(i+1)
  buf_t acc = 0, obuf = 0;                     // input / output bytes
  ap_uint<4> cnt = 0, ocnt = 0;                // bytes in acc / obuf
  bool eot = false;                            // the current segment's last word is in acc
  bool olast = false;                          // obuf holds the segment's last bytes
  seg_type_t otype = LWC_TYPE_CT;
  ap_uint<62> z = SIMON_Z2;                    // the key schedule's constant sequence, current bit on top
  do {
#ifndef __SYNTHESIS__
    if (st == S_IDLE && cnt == 0 && key.empty() && bdi.empty()) return;   // C simulation: nothing more to do
#endif
    // the state before this cycle (every decision below reads these, as the RTL's _q registers)
    const bool idle = st == S_IDLE, run = st == S_RUN, tag_out = st == S_TAG;
    const bool last_round = rnd == LAST_ROUND;
    const bool ph_ad = ph == PH_AD, ph_msg = ph == PH_MSG, ph_tag = ph == PH_TAG;
    const bool late = ph >= PH_FIN;              // after the PT/CT segment: only a DEC's tag comes
    const ap_uint<96> k_now = key_q;
    const bool dec_now = dec;
    const w48_t key_k0 = swap6(w48_t(k_now >> 48)), key_k1 = swap6(w48_t(k_now));

    // ---- streams: key words (idle), bdi words while they fit, bdo words from obuf ----
    // (the handshake inputs are read first: a stream call on the right of && would be a branch)
    const bool key_valid = !key.empty(), bdi_valid = !bdi.empty();
    const bool full_word = ocnt >= 4, some = ocnt != 0, fits = cnt <= 6;
    const ap_uint<3> ohead = full_word ? ap_uint<3>(4) : ap_uint<3>(ocnt);
    bool out_valid = full_word || (olast && some);
    bool in_call = run && !last_round && (!late || dec);
    bool want_bdi = (idle || in_call) && !eot && (fits || late);
    bool take_key = idle && key_valid;
    bool take_bdi = want_bdi && !take_key && bdi_valid;
    secret_bus kw;
    public_bus in;   // unspecified unless read (then never used)
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();
    output_bus o;
    o.bdo = data_t(obuf >> 48);
    o.bdo_type = otype;
    o.bdo_valid_bytes = ohead == 4 ? 0xF : ohead == 3 ? 0xE : ohead == 2 ? 0xC : 0x8;
    o.end_of_block = olast && ocnt <= 4;
    // never waiting (block_buffer_hls.h's ob_send_word_nb): the head word leaves when bdo can take it,
    // else obuf holds it and the round goes on, as the RTL's jambu_mode. A blocking write made the
    // iteration, i.e. the enable of every register, wait on bdo_ready (the ecp5 critical path
    // PostProcessor st_q -> bdo_ready -> r_q); guarded by bdo.full(), the compiler adds no wait term.
    // obuf cannot overflow: a block is added only when the call may end (finish: room for it).
    const bool sent = out_valid & !bdo.full();
    if (sent) bdo.write(o);

    // ---- one SIMON round and the key schedule step ----
    w48_t x_rnd = y ^ ((rol(x, 1) & rol(x, 8)) ^ rol(x, 2)) ^ ka;   // X of this round; Y is x
    w48_t kb_ror = ror(kb, 3);
    w48_t k_next = SIMON_C ^ w48_t(z[61] ? 1 : 0) ^ ka ^ kb_ror ^ ror(kb_ror, 1);

    // ---- the block absorbed after this call (AD, MSG) ----
    bool last_blk = eot && cnt < 6;              // the segment's last (padded) block
    bool blk_ready = eot || cnt >= 6;
    ap_uint<4> blk_bytes = last_blk ? cnt : ap_uint<4>(6);
    w48_t in6 = w48_t(acc >> 32);
    w48_t pad6 = last_blk ? pad_byte_at<6>(cnt) : w48_t(0);
    w48_t out6 = (in6 ^ swap6(x ^ r)) & first_bytes_mask<6>(blk_bytes);   // P ^ (Y ^ R) (ENC) or C ^ (Y ^ R) (DEC)
    bool dec_msg = dec_now && ph_msg;
    w48_t absorbed = swap6((dec_msg ? out6 : in6) | pad6);   // AD as it comes; the plaintext of a PT/CT block
    w48_t tag6 = swap6(x_rnd ^ x ^ r);
    bool finish = ph_ad ? blk_ready : ph_msg ? (blk_ready && ocnt < 4 && !olast) :
                  ph_tag ? (dec_now ? eot : ocnt == 0) : true;
    w48_t blk = (ph_ad || ph_msg) ? absorbed : w48_t(0);
    w48_t frame = ph == PH_INIT ? 5 : ph_ad ? 1 : ph == PH_FIN ? 3 : 0;
    w48_t u_new = x_rnd ^ blk;

    // ---- next state ----
    buf_t acc_n = acc, obuf_n = obuf;
    ap_uint<4> cnt_n = cnt, ocnt_n = ocnt;
    if (sent) {
      obuf_n = obuf << 32;
      ocnt_n = ocnt - ohead;
    }
    // a word is appended at byte cnt (a TAG segment's words past 6 bytes are dropped: only the frame's
    // flush sends them, and it ignores msg_auth)
    bool append = take_bdi && fits;
    acc_n = append ? buf_t(acc | word_at(in.bdi, cnt)) : acc_n;
    cnt_n = append ? ap_uint<4>(cnt + in.bdi_size) : cnt_n;
    bool eot_n = take_bdi ? bool(in.bdi_eot) : eot;
    bool dec_n = (idle && take_bdi) ? bool(in.decrypt_in) : dec;
    key_q = take_key ? ap_uint<96>((ap_uint<64>(k_now), data_t(kw.key))) : k_now;   // shifted in, first word on top

    bool start = idle && eot;                    // the nonce is in: E_K(0, N)
    bool step = run && !last_round;              // rounds 0 .. 50
    bool end = run && last_round && finish;      // round 51 and the state update
    bool consume = end && (ph_ad || ph_msg);     // the block leaves acc
    if (start) {
      x = 0;
      y = swap6(in6);
      r = 0;
    } else if (step) {
      y = x;
      x = x_rnd;
    } else if (end) {
      y = x ^ r ^ frame;
      x = u_new;
      r = r ^ u_new;
    }
    ka = idle || end ? key_k0 : step ? kb : ka;
    kb = idle || end ? key_k1 : step ? k_next : kb;
    rnd = step ? ap_uint<6>(rnd + 1) : end ? ap_uint<6>(0) : rnd;   // held at 51 until the block is there
    z = step ? ap_uint<62>(z << 1) : ap_uint<62>(SIMON_Z2);           // z2 bit rnd in z[61]
    bool phase_done = !(ph_ad || ph_msg) || last_blk;
    ph = start ? ap_uint<3>(PH_INIT) : (end && phase_done) ? ap_uint<3>(ph + 1) : ph;
    bool clear_in = start || (consume && last_blk) || (end && ph_tag);
    acc = clear_in ? buf_t(0) : consume ? buf_t(acc << 48) : acc_n;
    cnt = clear_in ? ap_uint<4>(0) : consume ? ap_uint<4>(cnt - 6) : cnt_n;
    eot = clear_in ? false : eot_n;
    bool out_msg = end && ph_msg, out_tag = end && ph_tag && !dec_now;
    obuf = out_msg ? buf_t(obuf | block_at(out6, ocnt)) :
           out_tag ? buf_t(buf_t(tag6) << 32) : obuf_n;   // a DEC's tag is compared, never put on bdo
    ocnt = out_msg ? ap_uint<4>(ocnt + blk_bytes) : out_tag ? ap_uint<4>(6) : ocnt_n;
    olast = start ? false : out_msg ? last_blk : out_tag ? true : olast;
    otype = start ? seg_type_t(dec_now ? LWC_TYPE_PT : LWC_TYPE_CT) : out_tag ? seg_type_t(LWC_TYPE_TAG) : otype;
    // DEC's tag check, in the last call's last cycle: the comparator straight onto msg_auth, as the RTL
    // (no register of it, whose select would sit between the comparator and msg_auth)
    tag_ok = tag6 == in6;
    dec = dec_n;
    st = start ? ap_uint<2>(S_RUN) : (end && ph_tag) ? ap_uint<2>(dec_now ? S_IDLE : S_TAG) : st;
    // The loop exit and msg_auth's condition from dec at the iteration's start (registers only): dec's
    // new value is the bdi word's decrypt_in in idle, which put bdi_valid and the bdi word in front of
    // msg_auth_valid and, through the compiler's AND of every access's condition, of every handshake.
    // Bitwise on bools: a short-circuit here became a block of its own at the loop's end (2 states).
    const bool drained = ocnt_n == 0;
    auth_cycle = end & ph_tag & dec_now;
    done = auth_cycle | (tag_out & drained);
  } while (!done);
  if (auth_cycle) msg_auth.write(tag_ok);
}
