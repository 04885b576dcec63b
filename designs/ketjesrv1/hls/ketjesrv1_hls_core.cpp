/* ketjesrv1_hls_core.cpp — Ketje Sr v1 (CAESAR, SUPERCOP ketjesrv1) CipherCore in HLS C++ for the LWC frame.
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it: the public, secret and output
 * groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h), msg_auth a stream of
 * bool. The algorithm and the cycles are designs/ketjesrv1/rtl/ketjesrv1_core.v's: MonkeyWrap on
 * Keccak-p[400] with a 32-bit block, one Keccak-p[400] round per clock cycle and one data word per cycle
 * (a MonkeyDuplex step is one round: the word is absorbed and its round runs in the same cycle).
 * Reference: src/cryptohls/golden/ketjesrv1.py.
 *
 * State: 400 bits, little-endian bytes (byte b = bits 8b .. 8b+7; lane i = bits 16i .. 16i+15); a
 * big-endian bus word goes to or comes from the byte-swap of bits 0 .. 31. The duplex rate is bits
 * 0 .. 35: a block (up to 4 bytes), the frame bits and the first padding bit right after it (a 3-bit
 * value v), and bit 35, the last padding bit.
 *   start   0x12 || K || 0x01 || N || 0x01 || 0 .. || 0x80, 12 rounds (round indices 8 .. 19);
 *   AD      per word v = 100 (the last, eot: 110), one round (index 19); an empty AD: one empty block;
 *   PT/CT   per word out = word ^ rate, the plaintext absorbed with v = 111, one round; the last word
 *           (eot) with v = 101 and a stride of 6 rounds (14 .. 19);
 *   tag     4 words: the rate's first word, then a squeeze step (bits 1 and 35, one round) per word.
 */
#include "../../lwc-frame/hls/lwc_words.h"

typedef ap_uint<400> state_t;
typedef ap_uint<16> lane_t;
typedef ap_uint<36> rate_t;   // the duplex rate: bits 0 .. 35 of the state

static lane_t rotl16(lane_t x, int n) { return (x << n) | (x >> (16 - n)); }

/* Keccak round constants, low 16 bits, of the round indices the core runs, 8 .. 19, at 0 .. 11: a table of
 * the 20 constants from index 0 made every constant bit a function of 5 address bits, not 4 */
static const lane_t RC[12] = {0x008A, 0x0088, 0x8009, 0x000A, 0x808B, 0x008B, 0x8089, 0x8003, 0x8002, 0x0080, 0x800A, 0x000A};

/* One round of Keccak-p[400] (FIPS 202 §3.3, 16-bit lanes): theta, rho, pi, chi, iota. */
static state_t keccak_round(state_t s, lane_t rc) {
  // the 25 lanes, index x + 5y
  lane_t a0 = s(15, 0), a1 = s(31, 16), a2 = s(47, 32), a3 = s(63, 48), a4 = s(79, 64);
  lane_t a5 = s(95, 80), a6 = s(111, 96), a7 = s(127, 112), a8 = s(143, 128), a9 = s(159, 144);
  lane_t a10 = s(175, 160), a11 = s(191, 176), a12 = s(207, 192), a13 = s(223, 208), a14 = s(239, 224);
  lane_t a15 = s(255, 240), a16 = s(271, 256), a17 = s(287, 272), a18 = s(303, 288), a19 = s(319, 304);
  lane_t a20 = s(335, 320), a21 = s(351, 336), a22 = s(367, 352), a23 = s(383, 368), a24 = s(399, 384);
  // theta: column parities C[x], D[x] = C[x - 1] ^ (C[x + 1] <<< 1)
  lane_t c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
  lane_t c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
  lane_t c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
  lane_t c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
  lane_t c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
  lane_t d0 = c4 ^ rotl16(c1, 1);
  lane_t d1 = c0 ^ rotl16(c2, 1);
  lane_t d2 = c1 ^ rotl16(c3, 1);
  lane_t d3 = c2 ^ rotl16(c4, 1);
  lane_t d4 = c3 ^ rotl16(c0, 1);
  // rho and pi: B[y, 2x + 3y] = (A[x, y] ^ D[x]) <<< r[x, y]
  lane_t b0 = rotl16(lane_t(a0 ^ d0), 0);
  lane_t b1 = rotl16(lane_t(a6 ^ d1), 12);
  lane_t b2 = rotl16(lane_t(a12 ^ d2), 11);
  lane_t b3 = rotl16(lane_t(a18 ^ d3), 5);
  lane_t b4 = rotl16(lane_t(a24 ^ d4), 14);
  lane_t b5 = rotl16(lane_t(a3 ^ d3), 12);
  lane_t b6 = rotl16(lane_t(a9 ^ d4), 4);
  lane_t b7 = rotl16(lane_t(a10 ^ d0), 3);
  lane_t b8 = rotl16(lane_t(a16 ^ d1), 13);
  lane_t b9 = rotl16(lane_t(a22 ^ d2), 13);
  lane_t b10 = rotl16(lane_t(a1 ^ d1), 1);
  lane_t b11 = rotl16(lane_t(a7 ^ d2), 6);
  lane_t b12 = rotl16(lane_t(a13 ^ d3), 9);
  lane_t b13 = rotl16(lane_t(a19 ^ d4), 8);
  lane_t b14 = rotl16(lane_t(a20 ^ d0), 2);
  lane_t b15 = rotl16(lane_t(a4 ^ d4), 11);
  lane_t b16 = rotl16(lane_t(a5 ^ d0), 4);
  lane_t b17 = rotl16(lane_t(a11 ^ d1), 10);
  lane_t b18 = rotl16(lane_t(a17 ^ d2), 15);
  lane_t b19 = rotl16(lane_t(a23 ^ d3), 8);
  lane_t b20 = rotl16(lane_t(a2 ^ d2), 14);
  lane_t b21 = rotl16(lane_t(a8 ^ d3), 7);
  lane_t b22 = rotl16(lane_t(a14 ^ d4), 7);
  lane_t b23 = rotl16(lane_t(a15 ^ d0), 9);
  lane_t b24 = rotl16(lane_t(a21 ^ d1), 2);
  // chi row by row, iota on lane 0; the lanes back into the state, lane 24 first
  return (lane_t(b24 ^ (~b20 & b21)),
          lane_t(b23 ^ (~b24 & b20)),
          lane_t(b22 ^ (~b23 & b24)),
          lane_t(b21 ^ (~b22 & b23)),
          lane_t(b20 ^ (~b21 & b22)),
          lane_t(b19 ^ (~b15 & b16)),
          lane_t(b18 ^ (~b19 & b15)),
          lane_t(b17 ^ (~b18 & b19)),
          lane_t(b16 ^ (~b17 & b18)),
          lane_t(b15 ^ (~b16 & b17)),
          lane_t(b14 ^ (~b10 & b11)),
          lane_t(b13 ^ (~b14 & b10)),
          lane_t(b12 ^ (~b13 & b14)),
          lane_t(b11 ^ (~b12 & b13)),
          lane_t(b10 ^ (~b11 & b12)),
          lane_t(b9 ^ (~b5 & b6)),
          lane_t(b8 ^ (~b9 & b5)),
          lane_t(b7 ^ (~b8 & b9)),
          lane_t(b6 ^ (~b7 & b8)),
          lane_t(b5 ^ (~b6 & b7)),
          lane_t(b4 ^ (~b0 & b1)),
          lane_t(b3 ^ (~b4 & b0)),
          lane_t(b2 ^ (~b3 & b4)),
          lane_t(b1 ^ (~b2 & b3)),
          lane_t(b0 ^ (~b1 & b2) ^ rc));
}

// entries of RC (round index - 8): the start's first round, the stride's first, the last
#define RC_START 0
#define RC_STRIDE_FIRST 6
#define RC_LAST 11

void ketjesrv1_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                        hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  // The round's xor chains as written: balanced, theta's D[x] = C[x-1] ^ (C[x+1] <<< 1) was expanded into
  // each of its five lanes (432 more xor gates; Yosys then mapped 111 LUT4 more; docs.md, "Size")
#pragma HLS EXPRESSION_BALANCE off
  // the key, little-endian bytes, one 32-bit register per word (word 0 byte-swapped in k0): as one
  // 128-bit value, clang split its shift-in select into two 64-bit halves or-ed into place, and Yosys
  // then kept the select in front of every bit (128 LUT4) instead of merging it into the enable
  static data_t k0, k1, k2, k3;
  state_t s = 0;
  // The core's states, one bool each (a test of a bool costs no logic; a bit of an ap_uint one-hot word
  // is charged as a comparator by the scheduler's delay model)
  bool idle = true, npub = false, perm = false, ad = false, msg = false, tag = false;
  // whether the state reads bdi, kept from the previous iteration: the read's predicate is then a
  // register, not logic after the state (nor a decode of io: in front of the round's input, a compare
  // made the loop body two states at 20 ns)
  bool want_bdi = false;   // npub || ad || msg || (tag && dec)
  // DEC's PT/CT word, also kept from the previous iteration: `msg && dec` in front of the absorbed block's
  // rate term was a LUT level of its own on the core's critical path (msg_q -> state) and made every
  // absorbed bit a function of one more input (docs.md, "The remaining area, attributed")
  bool msg_dec = false;    // msg && dec
  // The iteration's stream access, one 3-bit code set by the iteration before (docs.md, "Fmax"): the
  // compiler lets an iteration proceed when all its predicated accesses can, so each handshake (key_ready,
  // bdi_ready, msg_auth_valid, the enable of every register) is an AND over every access's predicate.
  // Computed from the state flags in the same cycle, those predicates put the control logic in front of
  // the frame's handshakes; as values of one register they are a decode of it, mutually exclusive in a
  // form synthesis sees. Each set of codes a handshake tests is one compare (below): a table lookup,
  // (mask >> io)[0], is a variable shift in the delay model, and successive io == X || io == Y
  // compares LLVM turns into a switch, which the compiler does not predicate (docs/hls-c-guide.md).
  const ap_uint<3> IO_NONE = 0, IO_BDI = 2, IO_MSG = 3, IO_AUTH = 4, IO_TAG_LAST = 5, IO_IDLE = 6, IO_TAG = 7;
  ap_uint<3> io = IO_IDLE; // IO_IDLE: a key word or the NPUB's first word; IO_BDI: an NPUB, AD or (DEC)
                           // tag word; IO_MSG: a PT/CT word in, its result out if non-empty; IO_TAG: an
                           // ENC tag word out, IO_TAG_LAST the last one (the last iteration); IO_AUTH:
                           // msg_auth (DEC, the last); IO_NONE: the permutation
  ap_uint<4> rc = 0;       // RC entry of the next round in C_PERM (round index - 8)
  ap_uint<2> w = 0;        // word index: NPUB, tag; in C_PERM 0 after the start, 1 in a stride
  bool dec = false, bad = false, finish, auth_cycle, bad_before;
  // One iteration per clock cycle, as the RTL core's next-state logic: every condition a select, every
  // stream access predicated, so the loop body is one state.
  do {
#ifndef __SYNTHESIS__
    if (idle && key.empty() && bdi.empty()) return;   // C simulation: nothing more to do
#endif
    finish = io(2, 1) == 2;        // IO_AUTH or IO_TAG_LAST: the message's last iteration
    auth_cycle = io == IO_AUTH;
    bad_before = bad;              // (after the loop, bad is the last iteration's result: the tag comparator)
    const ap_uint<128> k_now = (k3, k2, k1, k0);
    bool key_there = !key.empty();
    bool take_key = idle && key_there;       // between messages: key words first
    // (= idle ? !key_there : want_bdi, as the RTL's bdi_ready: want_bdi is false while idle; written as
    // an OR so that the data states' view of the word below is a select on want_bdi alone)
    bool take_bdi = want_bdi | (idle & !key_there);
    // zero unless read (then never used): left unset, each would keep the last word read, i.e. a
    // register of the whole word and a select before every use (docs.md, "Size")
    secret_bus kw = {};
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();
    // The word as the NPUB, AD, PT/CT and tag states see it: zero unless want_bdi, a register, so the
    // key_valid and idle of the read's predicate (the NPUB's first word, idle) are not in front of the
    // duplex input, the round and the bdo write's predicate (synthesis drops them: want_bdi implies
    // take_bdi). The idle state's start reads `in` itself.
    const data_t w_bdi = want_bdi ? in.bdi : data_t(0);
    const data_bytes_t w_vb = want_bdi ? in.bdi_valid_bytes : data_bytes_t(0);
    const data_bytes_t w_pad_loc = want_bdi ? in.bdi_pad_loc : data_bytes_t(0);
    bool last = want_bdi && in.bdi_eot, full = want_bdi && in.bdi_size[2], sized = w_vb[3];
    bool w3 = w[1] && w[0];

    // the duplex input: a data word's block and v (AD, PT/CT), the squeeze bits (tag), or none
    data_t rate_word = lwc_bswap(data_t(s(31, 0)));                  // keystream / tag word, bus order
    data_t mask = lwc_byte_mask(w_vb);
    data_t out_word = (w_bdi ^ rate_word) & mask;                 // CT (ENC) or PT (DEC)
    // The block absorbed is the plaintext: PT, or for DEC (CT ^ rate) on the valid bytes, written
    // CT ^ (rate & mask) (CT is zero past its end), so the word passes one gate after the read.
    data_t rate_dec = msg_dec ? rate_word : data_t(0);
    ap_uint<3> v = ad ? (last ? 6 : 4) : (last ? 5 : 7);
    data_t block = w_bdi ^ (rate_dec & mask) ^ lwc_at_pad(w_pad_loc, v);
    rate_t absorb = (ap_uint<1>(1), ap_uint<3>(full ? v : ap_uint<3>(0)), lwc_bswap(block));
    rate_t squeeze = (rate_t(1) << 35) | rate_t(2);                 // step(0): the bit string 0, pad10*1
    bool word = ad || msg;
    rate_t rate_in = word ? absorb : tag ? squeeze : rate_t(0);
    ap_uint<4> ri = word || tag ? ap_uint<4>(msg && last ? RC_STRIDE_FIRST : RC_LAST) : rc;
    state_t round_out = keccak_round(s ^ state_t(rate_in), RC[ri]);

    // the state: a round, an NPUB word, or the start state with the NPUB's first word. The nonce field
    // (bits 144 .. 271) is shifted in: the start state puts word 0 at its top (bits 240 ..), each
    // further word enters there and moves the field down 32 bits, so after word 3 word j is at 144 + 32j.
    // A fixed wiring per bit (no word index in front of it); or-ing word j into its own position under
    // w == j kept the previous value and three word selects in front of 96 state bits (docs.md, "Size")
    data_t nw = lwc_bswap(w_bdi);
    bool w2 = w[1] && !w[0];
    state_t with_nonce = (s(399, 272), nw, s(271, 176), s(143, 0));
    state_t start = (ap_uint<1>(1), ap_uint<126>(0), ap_uint<1>(1), data_t(lwc_bswap(in.bdi)), ap_uint<96>(0), ap_uint<7>(0),
                     ap_uint<1>(1), k_now, ap_uint<8>(0x12));
    // (an if-else chain, the round first: the first branch passes the fewest selects; a ?: chain of
    // state_t values made clang merge the round into every arm, three selects after it)
    if (word || perm || tag) {
      s = round_out;
    } else if (npub) {
      s = with_nonce;
    } else if (idle) {   // (also while key words arrive: the state is rewritten until the NPUB's first
      s = start;         // word; without !take_key, key_valid is not in front of every state bit)
    }

    // block data out: a CT/PT word per non-empty PT/CT word, the tag words (ENC)
    output_bus o;
    o.bdo = msg ? out_word : rate_word;
    o.bdo_type = msg ? (dec ? LWC_TYPE_PT : LWC_TYPE_CT) : LWC_TYPE_TAG;
    o.bdo_valid_bytes = msg ? w_vb : data_bytes_t(0xF);
    o.end_of_block = msg || w3;
    bool write_bdo = ((io == IO_MSG) && sized) || (io & 5) == 5;   // IO_TAG, IO_TAG_LAST = tag && !dec
    if (write_bdo) bdo.write(o);
    bool differs = w_bdi != rate_word;
    bad = bad || (tag && dec && differs);   // DEC: a received tag word

    // key words: 4 per key, word 0 first, shifted in from the top (stored every cycle: a static
    // written under a condition would be a branch)
    const data_t k1_now = k1, k2_now = k2, k3_now = k3;
    k0 = take_key ? k1_now : k0;
    k1 = take_key ? k2_now : k1_now;
    k2 = take_key ? k3_now : k2_now;
    k3 = take_key ? data_t(lwc_bswap(kw.key)) : k3_now;
    dec = idle && !take_key ? bool(in.decrypt_in) : dec;

    // control: the RTL core's states (each branch sets the next state's flags; default: stay)
    bool round_end = rc == RC_LAST, stride = w[0];
    bool n_idle = idle, n_npub = npub, n_perm = perm, n_ad = ad, n_msg = msg, n_tag = tag, n_auth = false;
    // the next iteration's stream access, set beside the flags (computed from them, after the branches,
    // its selects made the loop body two states at 20 ns); values, not the constants: a ?: of two
    // lvalues selects their addresses, a memory of them
    ap_uint<3> n_io = io;
    if (msg) {
      if (last) {
        n_msg = false;
        n_perm = true;
        n_io = ap_uint<3>(IO_NONE);
        rc = RC_STRIDE_FIRST + 1;
        w = 1;
      }
    } else if (ad) {
      if (last) {
        n_ad = false;
        n_msg = true;
        n_io = ap_uint<3>(IO_MSG);
      }
    } else if (perm) {
      rc = rc + 1;
      if (round_end) {
        n_perm = false;
        n_tag = stride;
        n_ad = !stride;
        n_io = stride && !dec ? ap_uint<3>(IO_TAG) : ap_uint<3>(IO_BDI);
        w = 0;
      }
    } else if (npub) {
      w = w + 1;
      if (w3) {
        n_npub = false;
        n_perm = true;
        n_io = ap_uint<3>(IO_NONE);
        rc = RC_START;
      }
    } else if (tag) {
      w = w + 1;
      if (w3) {
        n_tag = false;
        n_auth = true;   // ENC ends here (done); DEC reports in the AUTH cycle
        n_io = ap_uint<3>(IO_AUTH);
      } else if (w2 && !dec) {   // (w2: the word index at the iteration's start, w is already the next)
        n_io = ap_uint<3>(IO_TAG_LAST);   // ENC's last tag word next
      }
    } else if (idle) {
      if (!take_key) {
        n_idle = false;
        n_npub = true;
        n_io = ap_uint<3>(IO_BDI);
        w = 1;
      }
    }
    io = n_io;
    want_bdi = n_npub || n_ad || n_msg || (n_tag && dec);
    msg_dec = n_msg && dec;
    idle = n_idle;
    npub = n_npub;
    perm = n_perm;
    ad = n_ad;
    msg = n_msg;
    tag = n_tag;
  } while (!finish);
  // DEC: in the AUTH cycle (the loop's last iteration), as the RTL core; from values at the iteration's
  // start, so msg_auth_valid is a decode of io and msg_auth a register
  if (auth_cycle) msg_auth.write(!bad_before);
}
