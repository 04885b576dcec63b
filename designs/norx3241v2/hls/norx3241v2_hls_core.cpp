/* norx3241v2_hls_core.cpp — NORX32-4-1 v2.0 (CAESAR round 2, SUPERCOP norx3241v2) CipherCore in HLS C++
 * for the LWC frame with a 384-bit data bus (CCW = 384, designs/lwc-frame/docs.md "Bus width W").
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it: the public, secret and output
 * groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h), msg_auth a stream of
 * bool. The algorithm and the cycles are designs/norx3241v2/rtl/norx3241v2_core.v's: one full round F
 * per clock cycle (F^4 in four), a 384-bit rate block per bdi word, absorbed in the cycle of its
 * permutation's last round: 4 cycles per block. Reference: src/cryptohls/golden/norx3241v2.py.
 *
 * State: sixteen 32-bit words s0 .. s15 in bits 32i .. 32i+31 of an ap_uint<512>; words load bytes
 * little-endian, so the rate (s0 .. s11, bits 0 .. 383) is the byte reversal of a big-endian bus word.
 *   init   4 rounds on (n0, n1, u2, u3, k0 .. k3, u8 .. u15) ^ (32, 4, 1, 128 in s12 .. s15), the first
 *          as the NPUB word is read;
 *   AD     per word: s15 ^= 0x01 and round 0 as it is read, rounds 1 .. 3, the rate ^= the padded block;
 *          a last word of 48 bytes is followed by a block of padding alone; an empty AD: no rounds;
 *   PT/CT  the same with 0x02; round 3's rate is the keystream: out = word ^ keystream, the rate ^= the
 *          padded plaintext;
 *   final  8 rounds, the first on s15 ^= 0x08; tag s0 .. s3 (ENC: on bdo; DEC: compared).
 */
#define CCW 384
#include "../../lwc-frame/hls/lwc_words.h"

typedef ap_uint<512> state_t;
typedef ap_uint<32> word_t;

/* H(x, y) = (x ^ y) ^ ((x & y) << 1): NORX's replacement for integer addition */
static word_t h(word_t x, word_t y) { return x ^ y ^ ((x & y) << 1); }

static word_t rotr(word_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* the quarter-round G, rotations 8, 11, 16, 31 (W = 32) */
static void g(word_t &a, word_t &b, word_t &c, word_t &d) {
  a = h(a, b);
  d = rotr(a ^ d, 8);
  c = h(c, d);
  b = rotr(b ^ c, 11);
  a = h(a, b);
  d = rotr(a ^ d, 16);
  c = h(c, d);
  b = rotr(b ^ c, 31);
}

/* one full round F: G on the columns, then on the diagonals */
static state_t norx_round(state_t s) {
  word_t s0 = s(31, 0), s1 = s(63, 32), s2 = s(95, 64), s3 = s(127, 96);
  word_t s4 = s(159, 128), s5 = s(191, 160), s6 = s(223, 192), s7 = s(255, 224);
  word_t s8 = s(287, 256), s9 = s(319, 288), s10 = s(351, 320), s11 = s(383, 352);
  word_t s12 = s(415, 384), s13 = s(447, 416), s14 = s(479, 448), s15 = s(511, 480);
  g(s0, s4, s8, s12);
  g(s1, s5, s9, s13);
  g(s2, s6, s10, s14);
  g(s3, s7, s11, s15);
  g(s0, s5, s10, s15);
  g(s1, s6, s11, s12);
  g(s2, s7, s8, s13);
  g(s3, s4, s9, s14);
  return (s15, s14, s13, s12, s11, s10, s9, s8, s7, s6, s5, s4, s3, s2, s1, s0);
}

void norx3241v2_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                         hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  static ap_uint<128> k;   // the key, little-endian bytes (key byte b in bits 8b .. 8b+7)
  // the start state's words 8 .. 15 (u8 .. u15; s12 .. s15 with (W, l, p, t) = (32, 4, 1, 128)) and 2, 3
  const ap_uint<256> u_high = (word_t(0xD7C49184), word_t(0xBE0BF5C8), word_t(0xF994220F), word_t(0x335463CB),
                               word_t(0xEDCA4787), word_t(0xED84EB49), word_t(0x3FA8B72C), word_t(0xA3D8D930));
  const ap_uint<64> u_low = (word_t(0xA0C7C90D), word_t(0xB707322F));
  const data_t pad_only = (ap_uint<8>(0x01), ap_uint<368>(0), ap_uint<8>(0x80));   // an empty block's, bus order
  state_t s = 0;           // every message starts from zero, in a new call
  data_t w = 0, pad = 0;   // the block's bdi word and its padding (bus order)
  data_bytes_t vb = 0;     // its valid bytes
  bool last = false, extra = false;   // the segment's last word; a block of padding alone follows
  // The core's states, one bool each (a test of a bool costs no logic), as the RTL core's; the idle
  // state is io == IO_IDLE (below)
  bool init = false, word = false, perm = false, fin = false, tag = false;
  // The iteration's stream access, one 3-bit code set by the iteration before (docs.md, "Fmax"): the
  // compiler lets an iteration proceed when all its predicated accesses can, so each handshake (bdi_ready,
  // msg_auth_valid, the enable of every register) is an AND over every access's predicate. Computed
  // from the state flags in the same cycle, those predicates put the control logic in front of the
  // frame's handshakes (msg_auth_valid -> the PostProcessor's buffer was the critical path); as values
  // of one register they are a decode of it, and mutually exclusive in a form synthesis sees.
  const ap_uint<3> IO_NONE = 0, IO_BDI = 1, IO_BDO = 2, IO_AUTH = 3, IO_IDLE = 4, IO_TAG = 5;
  ap_uint<3> io = IO_IDLE; // IO_IDLE: a key word or the NPUB word; IO_BDI: a bdi word; IO_BDO: a CT/PT word;
                           // IO_TAG: ENC's tag word, the last iteration; IO_AUTH: msg_auth, the last (DEC)
  ap_uint<3> rnd = 0;      // round of the current permutation
  bool ad = true, dec = false, bad = false, finish, auth_cycle, bad_before;
  // One iteration per clock cycle, as the RTL core's next-state logic: every condition a select, every
  // stream access predicated, so the loop body is one state.
  do {
    const bool idle = io == IO_IDLE;
#ifndef __SYNTHESIS__
    if (idle && key.empty() && bdi.empty()) return;   // C simulation: nothing more to do
#endif
    finish = (ap_uint<8>((1 << IO_AUTH) | (1 << IO_TAG)) >> io)[0];   // the message's last iteration (see write_bdo)
    auth_cycle = (ap_uint<8>(1 << IO_AUTH) >> io)[0];
    bad_before = bad;   // (after the loop, bad is the last iteration's result: the tag comparator)
    const ap_uint<128> k_now = k;
    const state_t s_now = s;   // the state at the iteration's start (the tag reads it, not the round's result)
    // this cycle's values of the flags that are written below before the control reads them
    const bool dec_now = dec, ad_now = ad, last_now = last, extra_now = extra;
    bool key_there = !key.empty();
    bool take_key = idle && key_there;                // between messages: key words first
    bool take_bdi = idle ? !key_there : io == IO_BDI;    // = word || (tag && dec_now)
    // zero unless read (then never used): left unset, each would keep the last word read, i.e. a
    // register of the whole word and a select before every use (docs.md, "Size")
    secret_bus kw = {};
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();
    bool eot = in.bdi_eot, sized = in.bdi_valid_bytes[47], full = in.bdi_valid_bytes[0];
    bool start = idle && !take_key;

    // the round's input: the start state (NPUB word), or s15 ^= the domain in a permutation's round 0
    bool word0 = word && sized;
    bool r0 = rnd == 0, r3 = rnd == 3;
    bool round0 = word0 || ((perm || fin) && r0);
    ap_uint<8> domain = fin ? 0x08 : ad_now ? 0x01 : 0x02;
    data_t nonce_rate = lwc_bswap(in.bdi);   // the nonce's 8 bytes in bits 0 .. 63
    state_t start_state = (u_high, k_now, u_low, ap_uint<64>(nonce_rate(63, 0)));
    state_t with_domain = s ^ (state_t(domain) << 480);
    state_t r_in = start ? start_state : round0 ? with_domain : s;
    state_t r_out = norx_round(r_in);

    // a block's last round: the keystream, the output, the absorbed block (the plaintext: DEC
    // (CT ^ keystream) on the valid bytes, written CT ^ (keystream & mask): CT is zero past its end)
    bool absorb = perm && r3;
    data_t ks_bus = lwc_bswap(data_t(r_out(383, 0)));
    data_t mask = lwc_byte_mask(vb);
    data_t out_word = (w ^ ks_bus) & mask;                        // CT (ENC) or PT (DEC)
    data_t ks_dec = dec_now && !ad_now ? ks_bus : data_t(0);
    data_t block = w ^ (ks_dec & mask) ^ pad;
    state_t absorbed = r_out ^ state_t(lwc_bswap(block));
    bool step = start || init || word0 || perm || fin;
    // (values, not variables, in the selects: a ?: of two lvalues selects their addresses)
    s = step ? (absorb ? state_t(absorbed) : state_t(r_out)) : state_t(s);

    // the tag: s0 .. s3 in the first 16 byte lanes, of the state register (in the TAG cycle no round
    // runs; read after the assignment above, s would be the step's select over the round's result, and
    // the round would be in front of the tag comparator and of bdo's register: docs.md, "Fmax")
    data_t tag_word = lwc_bswap(data_t(s_now(127, 0)));

    // block data out: a CT/PT word per non-empty PT/CT word, the tag word (ENC)
    bool out_now = io == IO_BDO;   // = absorb && !ad_now && vb[47]
    output_bus o = {};   // every field is set below; unset, the struct's unused bits kept it in a 512-bit register
    o.bdo = out_now ? out_word : tag_word;
    o.bdo_type = out_now ? (dec_now ? LWC_TYPE_PT : LWC_TYPE_CT) : LWC_TYPE_TAG;
    o.bdo_valid_bytes = out_now ? vb : data_bytes_t(0xFFFF00000000ULL);
    o.end_of_block = true;
    // (bits of a table indexed by io, not io == ...: LLVM turns successive compares of io into a
    // switch, which the compiler does not predicate, i.e. states; docs/hls-c-guide.md)
    bool write_bdo = (ap_uint<8>((1 << IO_BDO) | (1 << IO_TAG)) >> io)[0];   // IO_TAG = tag && !dec_now
    if (write_bdo) bdo.write(o);
    bad = bad || (tag && dec_now && in.bdi != tag_word);          // DEC: the received tag

    // the block's word: loaded as it is read; a padding-only block after a full last word
    data_t pad_of_word = lwc_at_pad(in.bdi_pad_loc, 0x01) | (full ? data_t(0) : data_t(0x80));
    bool pad_block = absorb && extra_now;
    w = word0 ? data_t(in.bdi) : pad_block ? data_t(0) : data_t(w);
    vb = word0 ? data_bytes_t(in.bdi_valid_bytes) : pad_block ? data_bytes_t(0) : data_bytes_t(vb);
    pad = word0 ? (eot && !full ? data_t(pad_of_word) : data_t(0)) : pad_block ? pad_only : data_t(pad);
    last = word0 ? eot : last_now;
    extra = word0 ? eot && full : pad_block ? false : extra_now;

    // key words: 4 per key, word 0 first, byte-swapped, shifted in from the top (stored every cycle: a
    // static written under a condition would be a branch)
    ap_uint<32> kb = kw.key;
    ap_uint<32> kle = (ap_uint<8>(kb(7, 0)), ap_uint<8>(kb(15, 8)), ap_uint<8>(kb(23, 16)), ap_uint<8>(kb(31, 24)));
    k = take_key ? ap_uint<128>((kle, ap_uint<96>(k_now(127, 32)))) : k_now;
    dec = start ? bool(in.decrypt_in) : dec_now;

    // control: the RTL core's states (each branch sets the next state's flags; default: stay)
    bool n_idle = idle, n_init = init, n_word = word, n_perm = perm, n_fin = fin, n_tag = tag, n_auth = false;
    bool n_ad = ad_now;
    if (idle) {
      if (start) {
        n_idle = false;
        n_init = true;
        n_ad = true;
      }
    } else if (init) {
      if (r3) {
        n_init = false;
        n_word = true;
      }
    } else if (word) {
      if (sized) {
        n_word = false;
        n_perm = true;
      } else {
        n_ad = false;             // an empty AD: the PT/CT words next
        if (!ad_now) {            // an empty PT/CT
          n_word = false;
          n_fin = true;
        }
      }
    } else if (perm) {
      if (r3 && !extra_now && last_now) {
        n_ad = false;
        n_perm = false;
        n_word = ad_now;
        n_fin = !ad_now;
      } else if (r3 && !extra_now) {
        n_perm = false;
        n_word = true;
      }
    } else if (fin) {
      if (rnd == 7) {
        n_fin = false;
        n_tag = true;
      }
    } else if (tag) {
      n_tag = false;
      n_auth = true;   // ENC ends here (done); DEC reports in the AUTH cycle
    }
    rnd = start || word0 ? ap_uint<3>(1) : (init || perm || fin) && !absorb ? ap_uint<3>(rnd + 1) : ap_uint<3>(0);
    // the next iteration's stream access (from the values just computed: dec, rnd, vb are next cycle's)
    bool next_out = n_perm && rnd == 3 && !n_ad && vb[47];
    io = n_idle ? IO_IDLE : (n_word || (n_tag && dec)) ? IO_BDI : n_tag ? IO_TAG : n_auth ? IO_AUTH
       : next_out ? IO_BDO : IO_NONE;
    init = n_init;
    word = n_word;
    perm = n_perm;
    fin = n_fin;
    tag = n_tag;
    ad = n_ad;
  } while (!finish);
  // DEC: in the AUTH cycle (the loop's last iteration), as the RTL core; from values at the iteration's
  // start, so msg_auth_valid is a decode of io and msg_auth a register
  if (auth_cycle) msg_auth.write(!bad_before);
}
