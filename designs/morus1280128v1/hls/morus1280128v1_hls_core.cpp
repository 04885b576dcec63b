/* morus1280128v1_hls_core.cpp — MORUS-1280-128 v1 (CAESAR round 1, SUPERCOP morus1280128v1) CipherCore in
 * HLS C++ for the LWC frame with a 256-bit data bus (CCW = 256, designs/lwc-frame/docs.md "Bus width W").
 *
 * The interface is the frame's CipherCore port list as seed 002 writes it: the public, secret and output
 * groups are structs on hls::streams (designs/lwc-frame/hls/lwc_cipher_core.h), msg_auth a stream of
 * bool. The algorithm and the cycles are designs/morus1280128v1/rtl/morus1280128v1_core.v's: one
 * StateUpdate (five rounds) per clock cycle, one 256-bit block per bdi word and cycle.
 * Reference: src/cryptohls/golden/morus1280128v1.py.
 *
 * State: five 256-bit elements S0 .. S4, little-endian bytes (byte b in bits 8b .. 8b+7; 64-bit word w
 * in bits 64w .. 64w+63); an element is the byte reversal of a big-endian bus word.
 *   start  as the NPUB word is read: the first update of {N || 0, K || K, 1^256, 0, const0 || const1};
 *   init   15 more updates (m = 0), the last one's S1 ^= K || K;
 *   AD     one update per non-empty AD word; PT/CT: out = word ^ mask, one update with the plaintext;
 *   final  8 updates with m = S3 ^ (adlen || msglen) (bit lengths), the first on S4 ^= S0;
 *   tag    the first 16 bytes of S1 ^ S2 ^ S3 ^ S4: on bdo (ENC), compared with the TAG word (DEC).
 */
#define CCW 256
#include "../../lwc-frame/hls/lwc_words.h"

typedef ap_uint<256> elem_t;
typedef ap_uint<64> word_t;

static word_t rotl64(word_t x, int b) { return (x << b) | (x >> (64 - b)); }

/* Rotl_256_64: each 64-bit word rotated left by b */
static elem_t rotl_words(elem_t x, int b) {
  return (rotl64(word_t(x(255, 192)), b), rotl64(word_t(x(191, 128)), b), rotl64(word_t(x(127, 64)), b),
          rotl64(word_t(x(63, 0)), b));
}

/* x <<< n, n a multiple of 64: the element rotated left */
static elem_t rotl_elem(elem_t x, int n) { return (x << n) | (x >> (256 - n)); }

/* StateUpdate(S, m): round i updates S_i from S_{i+1}, S_{i+2}, S_{i+3} (and m for i > 0) and rotates
 * S_{i+3}; b = 13, 46, 38, 7, 4 and w = 64, 128, 192, 128, 64. */
static void state_update(elem_t &s0, elem_t &s1, elem_t &s2, elem_t &s3, elem_t &s4, elem_t m) {
  elem_t b0 = rotl_words(s0 ^ (s1 & s2) ^ s3, 13);
  elem_t b3 = rotl_elem(s3, 64);
  elem_t c1 = rotl_words(s1 ^ (s2 & b3) ^ s4 ^ m, 46);
  elem_t c4 = rotl_elem(s4, 128);
  elem_t d2 = rotl_words(s2 ^ (b3 & c4) ^ b0 ^ m, 38);
  elem_t d0 = rotl_elem(b0, 192);
  elem_t e3 = rotl_words(b3 ^ (c4 & d0) ^ c1 ^ m, 7);
  elem_t e1 = rotl_elem(c1, 128);
  elem_t f4 = rotl_words(c4 ^ (d0 & e1) ^ d2 ^ m, 4);
  elem_t f2 = rotl_elem(d2, 64);
  s0 = d0;
  s1 = e1;
  s2 = f2;
  s3 = e3;
  s4 = f4;
}

#define INIT_LAST 15
#define FINAL_LAST 7

void morus1280128v1_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                             hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
LWC_CIPHER_CORE_INTERFACE
  static ap_uint<128> k;   // the key, little-endian bytes (key byte b in bits 8b .. 8b+7)
  // const0 || const1, S4's start value
  const elem_t consts = (word_t(0xdd28b57342311120ULL), word_t(0xf12fc26d55183ddbULL),
                         word_t(0x6279e99059372215ULL), word_t(0x0d08050302010100ULL));
  elem_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;   // every message starts from zero, in a new call
  elem_t t = 0;                                    // the finalization block
  // The core's states, one bool each (a test of a bool costs no logic), as the RTL core's
  bool idle = true, init = false, ad = false, msg = false, fin = false, tag = false;
  // The iteration's stream access, one 3-bit code set by the iteration before (docs.md, "Fmax"): the
  // compiler lets an iteration proceed when all its predicated accesses can, so each handshake (bdi_ready,
  // msg_auth_valid, the enable of every register) is an AND over every access's predicate. Computed
  // from the state flags in the same cycle, those predicates put the control logic in front of the
  // frame's handshakes (msg_q -> msg_auth_valid -> the PostProcessor's buffer was the critical path); as
  // values of one register they are a decode of it, and mutually exclusive in a form synthesis sees.
  // The codes are chosen so that each set of them a handshake tests is one compare of io's top two bits
  // (a table lookup, (mask >> io)[0], is a variable shift in the scheduler's delay model: in front of
  // the bdi read's predicate, and so of the StateUpdate's m, it made the loop body two states at 20 ns).
  const ap_uint<3> IO_NONE = 0, IO_BDI = 2, IO_MSG = 3, IO_AUTH = 4, IO_TAG = 5, IO_IDLE = 6;
  ap_uint<3> io = IO_IDLE; // IO_IDLE: a key word or the NPUB word; IO_BDI: an AD word or DEC's tag word;
                           // IO_MSG: a PT/CT word in, its result out if non-empty; IO_TAG: ENC's tag
                           // word, the last iteration; IO_AUTH: msg_auth, the last (DEC); IO_NONE: init, final
  ap_uint<4> cnt = 0;                              // update of the current phase (init, final)
  ap_uint<32> adlen = 0, msglen = 0;               // bytes
  bool dec = false, bad = false, finish, auth_cycle, bad_before;
  // One iteration per clock cycle, as the RTL core's next-state logic: every condition a select, every
  // stream access predicated, so the loop body is one state.
  do {
#ifndef __SYNTHESIS__
    if (idle && key.empty() && bdi.empty()) return;   // C simulation: nothing more to do
#endif
    // (one compare each, not io == X || io == Y: LLVM turns successive compares of io into a switch,
    // which the compiler does not predicate, i.e. states; docs/hls-c-guide.md)
    const ap_uint<2> io_set = io(2, 1);
    finish = io_set == 2;   // IO_AUTH or IO_TAG: the message's last iteration
    auth_cycle = io == IO_AUTH;
    bad_before = bad;   // (after the loop, bad is the last iteration's result: the tag comparator)
    const ap_uint<128> k_now = k;
    const bool dec_now = dec;
    bool key_there = !key.empty();
    // the stream predicates from io alone; the datapath's selects keep the idle flag (start below)
    bool io_idle = io == IO_IDLE;                     // = idle
    bool take_key = io_idle && key_there;             // between messages: key words first
    bool take_bdi = io_idle ? !key_there : io_set == 1;   // IO_BDI or IO_MSG = ad || msg || (tag && dec_now)
    // zero unless read (then never used): left unset, each would keep the last word read, i.e. a
    // register of the whole word (in.bdi: 256 bits) and a select before every use
    secret_bus kw = {};
    public_bus in = {};
    if (take_key) kw = key.read();
    if (take_bdi) in = bdi.read();
    bool last = in.bdi_eot, sized = in.bdi_valid_bytes[31];   // lane 31 is the first byte: size > 0
    bool start = idle && !key_there;

    // the encryption mask S0 ^ (S1 <<< 192) ^ (S2 & S3) in bus order, and a PT/CT word's result
    data_t ks_bus = lwc_bswap(elem_t(s0 ^ rotl_elem(s1, 192) ^ (s2 & s3)));
    data_t mask = lwc_byte_mask(in.bdi_valid_bytes);
    data_t out_word = (in.bdi ^ ks_bus) & mask;                  // CT (ENC) or PT (DEC)
    // The block absorbed is the plaintext: PT, or for DEC (CT ^ mask) on the valid bytes, written
    // CT ^ (mask & valid bytes) (CT is zero past its end), so the word passes one gate after the read.
    data_t ks_dec = msg && dec_now ? ks_bus : data_t(0);
    elem_t block = lwc_bswap(data_t(in.bdi ^ (ks_dec & mask)));
    bool final0 = fin && cnt == 0;
    elem_t lengths = (ap_uint<128>(0), ap_uint<29>(0), msglen, ap_uint<3>(0), ap_uint<29>(0), adlen, ap_uint<3>(0));
    elem_t fin_block = final0 ? elem_t(s3 ^ lengths) : elem_t(t);
    elem_t m = ad || msg ? block : fin ? fin_block : elem_t(0);

    // the update's inputs: the start state (NPUB word), S4 ^= S0 (first final update), or the state
    elem_t kk = (k_now, k_now);
    elem_t u0 = start ? elem_t(lwc_bswap(in.bdi)) : elem_t(s0);
    elem_t u1 = start ? kk : elem_t(s1);
    elem_t u2 = start ? elem_t(~elem_t(0)) : elem_t(s2);
    elem_t u3 = start ? elem_t(0) : elem_t(s3);
    elem_t u4 = start ? consts : final0 ? elem_t(s4 ^ s0) : elem_t(s4);
    state_update(u0, u1, u2, u3, u4, m);
    bool init_end = init && cnt == INIT_LAST;
    elem_t n1 = u1 ^ (init_end ? kk : elem_t(0));                // S1 ^= K || K after init

    // the tag: the first 16 bytes of S1 ^ S2 ^ S3 ^ S4, in the first 16 byte lanes
    ap_uint<128> tag_el = ap_uint<128>(s1(127, 0)) ^ ap_uint<128>(s2(127, 0)) ^ ap_uint<128>(s3(127, 0)) ^
                          ap_uint<128>(s4(127, 0));
    data_t tag_word = lwc_bswap(elem_t((ap_uint<128>(0), tag_el)));

    // (values, not variables, in the selects: a ?: of two lvalues selects their addresses)
    bool step = start || init || fin || ((ad || msg) && sized);
    s0 = step ? elem_t(u0) : elem_t(s0);
    s1 = step ? elem_t(n1) : elem_t(s1);
    s2 = step ? elem_t(u2) : elem_t(s2);
    s3 = step ? elem_t(u3) : elem_t(s3);
    s4 = step ? elem_t(u4) : elem_t(s4);
    t = final0 ? elem_t(fin_block) : elem_t(t);

    // block data out: a CT/PT word per non-empty PT/CT word, the tag word (ENC)
    output_bus o = {};   // every field is set below
    o.bdo = msg ? out_word : tag_word;
    o.bdo_type = msg ? (dec_now ? LWC_TYPE_PT : LWC_TYPE_CT) : LWC_TYPE_TAG;
    o.bdo_valid_bytes = msg ? in.bdi_valid_bytes : data_bytes_t(0xFFFF0000u);
    o.end_of_block = true;
    bool write_bdo = ((io == IO_MSG) && sized) || io == IO_TAG;   // = (msg && sized) || (tag && !dec_now)
    if (write_bdo) bdo.write(o);
    bad = bad || (tag && dec_now && in.bdi != tag_word);          // DEC: the received tag

    // key words: 4 per key, word 0 first, byte-swapped, shifted in from the top (stored every cycle: a
    // static written under a condition would be a branch)
    ap_uint<32> kb = kw.key;
    ap_uint<32> kle = (ap_uint<8>(kb(7, 0)), ap_uint<8>(kb(15, 8)), ap_uint<8>(kb(23, 16)), ap_uint<8>(kb(31, 24)));
    k = take_key ? ap_uint<128>((kle, ap_uint<96>(k_now(127, 32)))) : k_now;
    dec = start ? bool(in.decrypt_in) : dec_now;
    adlen = ad ? ap_uint<32>(adlen + in.bdi_size) : adlen;
    msglen = msg ? ap_uint<32>(msglen + in.bdi_size) : msglen;

    // control: the RTL core's states (each branch sets the next state's flags; default: stay)
    bool n_idle = idle, n_init = init, n_ad = ad, n_msg = msg, n_fin = fin, n_tag = tag, n_auth = false;
    if (idle) {
      if (start) {
        n_idle = false;
        n_init = true;
      }
    } else if (init) {
      if (init_end) {
        n_init = false;
        n_ad = true;
      }
    } else if (ad) {
      if (last) {
        n_ad = false;
        n_msg = true;
      }
    } else if (msg) {
      if (last) {
        n_msg = false;
        n_fin = true;
      }
    } else if (fin) {
      if (cnt == FINAL_LAST) {
        n_fin = false;
        n_tag = true;
      }
    } else if (tag) {
      n_tag = false;
      n_auth = true;   // ENC ends here (done); DEC reports in the AUTH cycle
    }
    cnt = (init || fin || start) && !init_end ? ap_uint<4>(cnt + 1) : ap_uint<4>(0);
    // the next iteration's stream access (from the next state's flags and dec, the new value)
    // (values, not the constants: a ?: of two lvalues selects their addresses, a memory of them)
    io = n_idle ? ap_uint<3>(IO_IDLE) : (n_ad || (n_tag && dec)) ? ap_uint<3>(IO_BDI)
       : n_msg ? ap_uint<3>(IO_MSG) : n_tag ? ap_uint<3>(IO_TAG) : n_auth ? ap_uint<3>(IO_AUTH) : ap_uint<3>(IO_NONE);
    idle = n_idle;
    init = n_init;
    ad = n_ad;
    msg = n_msg;
    fin = n_fin;
    tag = n_tag;
  } while (!finish);
  // DEC: in the AUTH cycle (the loop's last iteration), as the RTL core; from values at the iteration's
  // start, so msg_auth_valid is a decode of io and msg_auth a register
  if (auth_cycle) msg_auth.write(!bad_before);
}
