/* aes_modes_hls.h — HLS helpers of the AES-128 block-cipher modes (OCB3, AES-OTR, COLM0, CLOC/SILC),
 * beside the forward AES of designs/aes128-ecb-enc/hls/aes128_hls.h: the inverse cipher's round and key
 * step, x * 2^k in GF(2^128), and the iterative AES unit the mode cores run their calls on (Deoxys-I
 * takes the two rounds). The C twins of designs/aes-modes-common/rtl (aes_dec_round of aes-common,
 * aes_key_step_inv, gf128_mul2pow); byte order as aes128_hls.h (byte 0 of a block is bits [127:120]).
 * Every helper is INLINE and every loop UNROLLed: one call is one combinational step.
 * The inverse S-box table is FIPS-197's, written from cryptohls.golden.aes.INV_SBOX.
 */
#ifndef AES_MODES_HLS_H
#define AES_MODES_HLS_H

#include "../../aes128-ecb-enc/hls/aes128_hls.h"

static const uint8_t AES_INV_SBOX[256] = {
    0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb,
    0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87, 0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb,
    0x54, 0x7b, 0x94, 0x32, 0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e,
    0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49, 0x6d, 0x8b, 0xd1, 0x25,
    0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16, 0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92,
    0x6c, 0x70, 0x48, 0x50, 0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84,
    0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05, 0xb8, 0xb3, 0x45, 0x06,
    0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02, 0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b,
    0x3a, 0x91, 0x11, 0x41, 0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73,
    0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8, 0x1c, 0x75, 0xdf, 0x6e,
    0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89, 0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b,
    0xfc, 0x56, 0x3e, 0x4b, 0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4,
    0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59, 0x27, 0x80, 0xec, 0x5f,
    0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d, 0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef,
    0xa0, 0xe0, 0x3b, 0x4d, 0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61,
    0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d,
};

static inline ap_uint<8> aes_inv_sbox(ap_uint<8> x) {
#pragma HLS INLINE
#pragma HLS ARRAY_PARTITION variable=AES_INV_SBOX complete dim=1
#pragma HLS BIND_STORAGE variable=AES_INV_SBOX type=rom_np impl=lutram
  return AES_INV_SBOX[x.to_uint()];
}

/* One key-expansion step backwards: round key r-1 from round key r and Rcon[r]. */
static inline aes_block_t aes_key_step_inv(aes_block_t k, ap_uint<8> rcon) {
#pragma HLS INLINE
  ap_uint<32> w0 = k.range(127, 96), w1 = k.range(95, 64), w2 = k.range(63, 32), w3 = k.range(31, 0);
  ap_uint<32> p3 = w3 ^ w2, p2 = w2 ^ w1, p1 = w1 ^ w0;
  ap_uint<32> t = 0;  /* SubWord(RotWord(w3 of round key r-1)) ^ Rcon */
  t.range(31, 24) = aes_sbox(p3.range(23, 16)) ^ rcon;
  t.range(23, 16) = aes_sbox(p3.range(15, 8));
  t.range(15, 8) = aes_sbox(p3.range(7, 0));
  t.range(7, 0) = aes_sbox(p3.range(31, 24));
  ap_uint<32> p0 = w0 ^ t;
  return (p0, p1, p2, p3);
}

/* One round of the inverse cipher: InvShiftRows, InvSubBytes, AddRoundKey, InvMixColumns (skipped
 * when last), the order of aes-common's aes_dec_round. */
static inline aes_block_t aes_dec_round(aes_block_t s, aes_block_t rk, bool last) {
#pragma HLS INLINE
  aes_block_t keyed = 0;
  for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
    for (int r = 0; r < 4; r++) {
#pragma HLS UNROLL
      /* InvShiftRows: row r of column c takes the byte of column (c - r) mod 4. */
      int i = 4 * c + r;
      keyed.range(127 - 8 * i, 120 - 8 * i) = aes_inv_sbox(aes_byte(s, 4 * ((c + 4 - r) % 4) + r));
    }
  }
  keyed ^= rk;
  aes_block_t out = keyed;
  if (!last) {
    for (int c = 0; c < 4; c++) {
#pragma HLS UNROLL
      ap_uint<8> a0 = aes_byte(keyed, 4 * c), a1 = aes_byte(keyed, 4 * c + 1);
      ap_uint<8> a2 = aes_byte(keyed, 4 * c + 2), a3 = aes_byte(keyed, 4 * c + 3);
      /* InvMixColumns = MixColumns after u = 4(a0 ^ a2), v = 4(a1 ^ a3) added to the columns. */
      ap_uint<8> u = aes_xtime(aes_xtime(a0 ^ a2)), v = aes_xtime(aes_xtime(a1 ^ a3));
      a0 ^= u; a1 ^= v; a2 ^= u; a3 ^= v;
      ap_uint<8> all = a0 ^ a1 ^ a2 ^ a3;
      out.range(127 - 32 * c, 120 - 32 * c) = a0 ^ all ^ aes_xtime(a0 ^ a1);
      out.range(119 - 32 * c, 112 - 32 * c) = a1 ^ all ^ aes_xtime(a1 ^ a2);
      out.range(111 - 32 * c, 104 - 32 * c) = a2 ^ all ^ aes_xtime(a2 ^ a3);
      out.range(103 - 32 * c, 96 - 32 * c) = a3 ^ all ^ aes_xtime(a3 ^ a0);
    }
  }
  return out;
}

/* Rcon of the previous round: x^-1 in GF(2^8) (0x36 -> 0x1b -> 0x80 -> ... -> 0x01). */
static inline ap_uint<8> aes_xtime_inv(ap_uint<8> a) {
#pragma HLS INLINE
  ap_uint<8> shr = a >> 1;   /* not named `half`: the HLS headers' half-precision float type */
  return a[0] ? ap_uint<8>(shr ^ 0x8d) : shr;
}

/* x * 2^s in GF(2^128) for a constant s < 16: the s bits shifted out come back times 0x87. */
static inline aes_block_t gf128_mul2pow_const(aes_block_t x, int s) {
#pragma HLS INLINE
  aes_block_t h = x >> (128 - s);
  return (x << s) ^ h ^ (h << 1) ^ (h << 2) ^ (h << 7);
}

/* x * 2^k in GF(2^128), k = 0 .. 15 (the modes' doubling applied k times): 4 conditional constant
 * steps, no variable shifter. */
static inline aes_block_t gf128_mul2pow(aes_block_t x, ap_uint<4> k) {
#pragma HLS INLINE
  aes_block_t y = x;
  if (k[0]) y = gf128_mul2pow_const(y, 1);
  if (k[1]) y = gf128_mul2pow_const(y, 2);
  if (k[2]) y = gf128_mul2pow_const(y, 4);
  if (k[3]) y = gf128_mul2pow_const(y, 8);
  return y;
}

/* The iterative AES-128 unit of the mode cores: one round per cycle, the round key computed on the fly
 * (forward from the key, or, with INV, backward from round key 10 for the inverse cipher). Its
 * registers are one loop variable of the core's cycle loop: aes_unit_round is the round of this cycle,
 * aes_unit_next the registers' next values. INV = false: an encryption-only unit (no `inv` logic). */
struct aes_unit_t {
  aes_block_t as, rk;   // state and round key after the rounds done
  ap_uint<4> rnd;       // the round running (10: its output is the result)
  ap_uint<8> rcon;      // Rcon of the next key step
  bool busy, inv;       // running; running the inverse cipher
};

/* The unit's round in this cycle. */
struct aes_round_t {
  aes_block_t out, rk;  // the round's output and its round key
  bool final_round;     // round 10
  bool last;            // busy in round 10: `out` is the result
};

static inline aes_unit_t aes_unit_idle() {
#pragma HLS INLINE
  aes_unit_t u;
  u.as = 0;
  u.rk = 0;
  u.rnd = 0;
  u.rcon = 1;
  u.busy = false;
  u.inv = false;
  return u;
}

template <bool INV>
static inline aes_round_t aes_unit_round(const aes_unit_t &u) {
#pragma HLS INLINE
  aes_round_t r;
  aes_block_t rk_up = aes_key_step(u.rk, u.rcon);
  r.final_round = u.rnd == 10;
  r.out = aes_enc_round(u.as, rk_up, r.final_round);
  r.rk = rk_up;
  if (INV) {
    aes_block_t rk_down = aes_key_step_inv(u.rk, u.rcon);
    aes_block_t dec_out = aes_dec_round(u.as, rk_down, r.final_round);
    if (u.inv) {
      r.out = dec_out;
      r.rk = rk_down;
    }
  }
  r.last = u.busy & r.final_round;
  return r;
}

/* The registers after this cycle: `start` loads in ^ key (a new block: key is the cipher key, or
 * round key 10 with start_inv), else a running unit takes its round, else `take` (the result taken)
 * frees it. */
template <bool INV>
static inline void aes_unit_next(aes_unit_t &u, const aes_round_t &r, bool start, aes_block_t in, aes_block_t key,
                                 bool start_inv, bool take) {
#pragma HLS INLINE
  if (start) {
    u.as = in ^ key;
    u.rk = key;
    u.rnd = 1;
    if (INV) u.inv = start_inv;
    u.rcon = (INV && start_inv) ? ap_uint<8>(0x36) : ap_uint<8>(0x01);
    u.busy = true;
  } else if (u.busy & !r.final_round) {
    u.as = r.out;
    u.rk = r.rk;
    u.rnd = u.rnd + 1;
    u.rcon = (INV && u.inv) ? aes_xtime_inv(u.rcon) : aes_xtime(u.rcon);
  } else if (take) {
    u.busy = false;
  }
}

#endif /* AES_MODES_HLS_H */
