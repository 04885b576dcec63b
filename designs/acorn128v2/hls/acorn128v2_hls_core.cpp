/* acorn128v2_hls_core.cpp — ACORN-128 v2 (CAESAR round 2, SUPERCOP acorn128v2) CipherCore in HLS C++
 * for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it: the public, secret and output
 * groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h), msg_auth a stream of
 * bool. The algorithm and the cycles are designs/acorn128v2/rtl/acorn128v2_core.v's: 32 ACORN steps
 * per clock cycle, so one 32-bit bus word per cycle; the phases (init 56 cycles, AD one cycle per word,
 * pad 8, PT/CT one cycle per word, pad 8, final 24 with the tag in its last 4) have fixed lengths.
 * Reference: src/cryptohls/golden/acorn128v2.py.
 *
 * Bit order: ACORN feeds each byte least significant bit first, so step t of a word takes bit t of the
 * byte-swapped bus word; keystream and tag words are byte-swapped back.
 */
#include "../../lwc-frame/hls/lwc_words.h"

typedef ap_uint<293> acorn_state_t;   // bit i = S_i
typedef ap_uint<32> lane_t;           // 32 consecutive steps of one tap: bit t = step t

static lane_t maj(lane_t x, lane_t y, lane_t z) { return (x & y) ^ (x & z) ^ (y & z); }

/* The lanes of 32 steps (golden model `steps`): no tap is written within 32 steps before another tap
 * reads it, so every lane is read from the state before the steps; S289's lane runs into the fed bits
 * (the tail, below). */
struct acorn_lanes {
  lane_t n230, n193, n154, n107, n61;   // the LFSR lanes after their feedbacks
  lane_t fed, fb289;                    // f ^ m, S289's own feedback
};

/* The keystream lane: it reads no message bit (those enter at S292, the keystream taps end at S235),
 * so DEC's plaintext PT = CT ^ ks can be the message of the same 32 steps. */
static lane_t acorn_keystream(acorn_state_t s) {
  lane_t t0 = s(31, 0), t12 = s(43, 12), t23 = s(54, 23), t61 = s(92, 61), t107 = s(138, 107);
  lane_t t111 = s(142, 111), t154 = s(185, 154), t160 = s(191, 160), t193 = s(224, 193), t235 = s(266, 235);
  lane_t n193 = t193 ^ t160 ^ t154, n154 = t154 ^ t111 ^ t107, n61 = t61 ^ t23 ^ t0;
  return t12 ^ n154 ^ maj(t235, n61, n193);
}

static acorn_lanes acorn_steps(acorn_state_t s, lane_t ks, lane_t m, bool ca, bool cb) {
  lane_t t0 = s(31, 0), t23 = s(54, 23), t61 = s(92, 61), t66 = s(97, 66);
  lane_t t107 = s(138, 107), t111 = s(142, 111), t154 = s(185, 154), t160 = s(191, 160);
  lane_t t193 = s(224, 193), t196 = s(227, 196), t230 = s(261, 230), t235 = s(266, 235), t244 = s(275, 244);
  acorn_lanes l;
  l.n230 = t230 ^ t196 ^ t193;
  l.n193 = t193 ^ t160 ^ t154;
  l.n154 = t154 ^ t111 ^ t107;
  l.n107 = t107 ^ t66 ^ t61;
  l.n61 = t61 ^ t23 ^ t0;
  lane_t ch = (l.n230 & t111) ^ (~l.n230 & t66);
  lane_t f = t0 ^ ~l.n107 ^ maj(t244, t23, t160) ^ ch ^ (ca ? t196 : lane_t(0)) ^ (cb ? ks : lane_t(0));
  l.fed = f ^ m;
  l.fb289 = t235 ^ t230;
  return l;
}

/* The state after C steps (C = 8, 16, 24, 32): the lanes' first C bits written back, S289 .. S292 and
 * the fed bits on top, all shifted down by C (a constant shift: the count is a 4-way choice). */
template <int C>
static acorn_state_t acorn_commit(acorn_state_t s, acorn_lanes l) {
  ap_uint<C + 4> tail = (ap_uint<C>(l.fed(C - 1, 0)), ap_uint<4>(s(292, 289)));
  tail ^= ap_uint<C + 4>(l.fb289(C - 1, 0));
  // (every range made a value of its own width: a range's type is its variable's width)
  ap_uint<289 - C> kept = (ap_uint<59 - C>(s(288, 230 + C)), ap_uint<C>(l.n230(C - 1, 0)),
                           ap_uint<37 - C>(s(229, 193 + C)), ap_uint<C>(l.n193(C - 1, 0)),
                           ap_uint<39 - C>(s(192, 154 + C)), ap_uint<C>(l.n154(C - 1, 0)),
                           ap_uint<47 - C>(s(153, 107 + C)), ap_uint<C>(l.n107(C - 1, 0)),
                           ap_uint<46 - C>(s(106, 61 + C)), ap_uint<C>(l.n61(C - 1, 0)), ap_uint<61 - C>(s(60, C)));
  return (tail, kept);
}

/* The core's states (one-hot: a state test is one bit), those of the RTL core. */
enum core_state_t { C_IDLE, C_INIT, C_AD, C_AD_PAD, C_MSG, C_MSG_PAD, C_FINAL, C_AUTH };
typedef ap_uint<8> onehot_t;
#define ONE_HOT(x) onehot_t(1u << (x))
#define INIT_LAST 55
#define PAD_LAST 7
#define FINAL_LAST 23
#define TAG_FIRST 20

void acorn128v2_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                         hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // the key, little-endian bits: word j (byte-swapped) in bits 32j .. 32j+31 between messages; turned
  // by a word per use during init
  static ap_uint<128> k;
  acorn_state_t s = 0;     // every message starts from the zero state, in a new call
  onehot_t st = ONE_HOT(C_IDLE);
  ap_uint<6> cnt = 0;      // cycle of the current phase
  // The iteration's stream access, one 3-bit code set by the iteration before (docs.md, "Fmax and TP/area
  // on ecp5"): the compiler lets an iteration proceed when all its predicated accesses can, so each
  // handshake (key_ready, bdi_ready, msg_auth_valid, the enable of every register) is an AND over every
  // access's predicate. Computed from st and cnt in the same cycle (and the loop exit from dec's new
  // value, i.e. the bdi word's decrypt_in), those predicates put the control logic in front of the
  // frame's handshakes (cnt_q -> msg_auth_valid -> the PostProcessor's buffer was the critical path); as
  // values of one register they are a decode of it. Each set of codes a handshake tests is one compare
  // (io == X || io == Y would become a switch, which the compiler does not predicate; docs/hls-c-guide.md).
  const ap_uint<3> IO_NONE = 0, IO_BDI = 2, IO_MSG = 3, IO_AUTH = 4, IO_TAG_LAST = 5, IO_IDLE = 6, IO_TAG = 7;
  ap_uint<3> io = IO_IDLE; // IO_IDLE: key words (the NPUB's first word starts init, not taken); IO_BDI: an
                           // NPUB, AD or (DEC) tag word; IO_MSG: a PT/CT word in, its result out if
                           // non-empty; IO_TAG: an ENC tag word out, IO_TAG_LAST the last one (the last
                           // iteration); IO_AUTH: msg_auth (DEC, the last); IO_NONE: init, pads, final
  bool dec = false, bad = false, finish, auth_cycle, bad_before;
  // One iteration per clock cycle, as the RTL core's next-state logic: every condition a select, every
  // stream access predicated, so the loop body is one state.
  do {
#ifndef __SYNTHESIS__
    if (st[C_IDLE] && key.empty() && bdi.empty()) return;   // C simulation: nothing more to do
#endif
    const ap_uint<2> io_set = io(2, 1);
    finish = io_set == 2;          // IO_AUTH or IO_TAG_LAST: the message's last iteration
    auth_cycle = io == IO_AUTH;
    bad_before = bad;              // (after the loop, bad is the last iteration's result: the tag comparator)
    const onehot_t cur = st;
    const ap_uint<128> k_now = k;
    const bool dec_now = dec;
    bool idle = cur[C_IDLE], init = cur[C_INIT], ad = cur[C_AD], msg = cur[C_MSG], fin = cur[C_FINAL];
    bool pad = cur[C_AD_PAD] || cur[C_MSG_PAD];
    bool key_there = !key.empty();
    bool take_key = io == IO_IDLE && key_there;            // between messages: key words first
    bool start = idle && !key_there && !bdi.empty();       // the NPUB's first word is there (not taken yet)
    bool npub_cycle = init && cnt(5, 2) == 1;              // init cycles 4 .. 7 take the NPUB words
    bool tag_cycle = fin && cnt >= TAG_FIRST;
    bool take_bdi = io_set == 1;                           // IO_BDI or IO_MSG = npub_cycle || ad || msg || (tag_cycle && dec)
    // zero unless read (then never used): left unset, each would keep the last word read, i.e. a
    // register of the whole word and a select before every use
    secret_bus kw = {};
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();

    // the message bits of this cycle's 32 steps
    data_t bdi_le = lwc_bswap(in.bdi);
    // The key word of this cycle is always the low word: the key register turns by a word every cycle
    // that uses one (52 per message, a multiple of 4, so it ends as it started). A choice by cnt mod 4
    // here became a 128-bit variable shift (clang folds the selects of ranges into one).
    data_t key_word = k_now(31, 0);
    bool sized = in.bdi_valid_bytes[3];                    // size > 0
    bool ca = !pad || cnt < 4, cb = !(msg || cur[C_MSG_PAD]);
    lane_t ks = acorn_keystream(s);
    // The message bits: a bdi word's (NPUB, AD, PT; DEC: PT = CT ^ ks, the keystream gated early from
    // registers) as the first choice, since the bdi word arrives last; bits past a partial word's end
    // are never used (its steps stop there). Otherwise the key words of init (K_0 ^ 1 at step 256) or
    // the padding's 1 bit.
    bool bdi_word = npub_cycle || ad || msg;
    lane_t ks_in = msg && dec_now ? ks : lane_t(0);
    lane_t other = idle || init ? data_t(key_word ^ (init && cnt == 8 ? 1 : 0)) : data_t(pad && cnt == 0 ? 1 : 0);
    lane_t m = bdi_word ? lane_t(bdi_le ^ ks_in) : other;
    acorn_lanes l = acorn_steps(s, ks, m, ca, cb);
    // 8, 16, 24 or 32 steps: a data word's size (1 .. 4 bytes; bdi_size[2] is size 4), else 32; chosen
    // by bits (compares of a count would become a switch) between values (not variables: a ?: of two
    // lvalues selects their addresses, a pointer that would put the states in one memory)
    bool word = ad || msg;
    bool full = !word || in.bdi_size[2], c_hi = in.bdi_size[1], c_lo = in.bdi_size[0];
    acorn_state_t after32 = acorn_commit<32>(s, l), after24 = acorn_commit<24>(s, l);
    acorn_state_t after16 = acorn_commit<16>(s, l), after8 = acorn_commit<8>(s, l);
    acorn_state_t next = full ? acorn_state_t(after32) :
                         c_hi ? (c_lo ? acorn_state_t(after24) : acorn_state_t(after16)) : acorn_state_t(after8);
    bool step = start || init || ((ad || msg) && sized) || pad || fin;
    s = step ? acorn_state_t(next) : acorn_state_t(s);

    // block data out: a CT/PT word per non-empty PT/CT word, the tag words (ENC)
    output_bus o = {};   // every field is set below
    o.bdo = msg ? data_t((in.bdi ^ lwc_bswap(ks)) & lwc_byte_mask(in.bdi_valid_bytes)) : lwc_bswap(ks);
    o.bdo_type = msg ? (dec_now ? LWC_TYPE_PT : LWC_TYPE_CT) : LWC_TYPE_TAG;
    o.bdo_valid_bytes = msg ? in.bdi_valid_bytes : data_bytes_t(0xF);
    o.end_of_block = msg || cnt == FINAL_LAST;
    bool write_bdo = ((io == IO_MSG) && sized) || (io & 5) == 5;   // IO_TAG, IO_TAG_LAST = tag_cycle && !dec
    if (write_bdo) bdo.write(o);
    bad = bad || (tag_cycle && dec_now && in.bdi != lwc_bswap(ks));   // DEC: a received tag word

    // key words: 4 per key, word 0 first, shifted in from the top (stored every cycle: a static
    // written under a condition would be a branch)
    bool key_used = start || (init && !npub_cycle);
    ap_uint<128> k_turned = (data_t(k_now(31, 0)), ap_uint<96>(k_now(127, 32)));
    k = take_key ? ap_uint<128>((lwc_bswap(kw.key), ap_uint<96>(k_now(127, 32)))) : key_used ? k_turned : k_now;
    dec = npub_cycle && cnt == 4 ? bool(in.decrypt_in) : dec;   // with the first NPUB word taken

    // control: the RTL core's states; the next iteration's stream access set beside them (cnt is this
    // iteration's: every iteration of init, the pads and final steps)
    bool last = in.bdi_eot;
    ap_uint<3> n_io = io;
    bool phase_end = (init && cnt == INIT_LAST) || ((ad || msg) && last) || (pad && cnt == PAD_LAST) ||
                     (fin && cnt == FINAL_LAST);
    // (values, not the constants: a ?: of two lvalues selects their addresses, a memory of them)
    if (idle) {
      if (start) {
        st = ONE_HOT(C_INIT);
        n_io = ap_uint<3>(IO_NONE);
      }
    } else if (init) {
      if (cnt == INIT_LAST) {
        st = ONE_HOT(C_AD);
        n_io = ap_uint<3>(IO_BDI);
      } else if (cnt == 3) {
        n_io = ap_uint<3>(IO_BDI);    // NPUB words in cycles 4 .. 7
      } else if (cnt == 7) {
        n_io = ap_uint<3>(IO_NONE);
      }
    } else if (ad) {
      if (last) {
        st = ONE_HOT(C_AD_PAD);
        n_io = ap_uint<3>(IO_NONE);
      }
    } else if (cur[C_AD_PAD]) {
      if (cnt == PAD_LAST) {
        st = ONE_HOT(C_MSG);
        n_io = ap_uint<3>(IO_MSG);
      }
    } else if (msg) {
      if (last) {
        st = ONE_HOT(C_MSG_PAD);
        n_io = ap_uint<3>(IO_NONE);
      }
    } else if (cur[C_MSG_PAD]) {
      if (cnt == PAD_LAST) st = ONE_HOT(C_FINAL);
    } else if (fin) {
      if (cnt == FINAL_LAST) {
        st = ONE_HOT(C_AUTH);   // ENC ends here (IO_TAG_LAST); DEC reports in C_AUTH
        n_io = ap_uint<3>(IO_AUTH);
      } else if (cnt == TAG_FIRST - 1) {
        n_io = dec_now ? ap_uint<3>(IO_BDI) : ap_uint<3>(IO_TAG);
      } else if (cnt == FINAL_LAST - 1 && !dec_now) {
        n_io = ap_uint<3>(IO_TAG_LAST);
      }
    }
    io = n_io;
    cnt = phase_end ? ap_uint<6>(0) : ap_uint<6>(cnt + (step ? 1 : 0));
  } while (!finish);
  // DEC: in the AUTH cycle (the loop's last iteration), as the RTL core; from values at the iteration's
  // start, so msg_auth_valid is a decode of io and msg_auth a register
  if (auth_cycle) msg_auth.write(!bad_before);
}
