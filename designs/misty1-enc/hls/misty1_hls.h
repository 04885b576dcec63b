/* misty1_hls.h — MISTY1 (RFC 2994) building blocks for the HLS stream core misty1_hls.cpp:
 * the S-boxes S7 and S9, FI, FO, FL, FLINV and the key schedule, on ap_uint words (shared by the
 * decryption core designs/misty1-dec/hls/misty1_dec_hls.cpp, included by relative path).
 *
 * Word order as the RTL cores and RFC 2994: a 64-bit block is D0 (bits 63:32) || D1, the key is
 * EK[0] (bits 127:112) .. EK[7]. Every helper is INLINE: one call of misty1_fo() is one
 * combinational FO (three FI, six S-box look-ups).
 *
 * The S-boxes are constant tables (RFC 2994 section 2.3, printed in decimal as in the RFC; these were
 * written out from cryptohls.golden.misty1, which is checked against the RFC's example data).
 * ARRAY_PARTITION complete + BIND_STORAGE lutram turn every read into its own LUT ROM (no block RAM,
 * no port limit), so all look-ups of a round pair and of the key schedule fit in one cycle.
 *
 * csim: free-running loops (`while (1)` in hardware) stop when their input stream is empty,
 * see HLS_FOREVER below.
 */
#ifndef MISTY1_HLS_H
#define MISTY1_HLS_H

#include <stdint.h>

#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<64> misty1_block_t;
typedef ap_uint<128> misty1_key_t;

/* Loop labels name loops for directives and reports; natively they are unused. */
#if defined(__clang__) && !defined(__SYNTHESIS__)
#pragma clang diagnostic ignored "-Wunused-label"
#endif

/* A free-running process (ap_ctrl_none) loops forever in hardware. Natively the same loop has to
 * end, so it runs while its input still holds words. */
#ifdef __SYNTHESIS__
#define HLS_FOREVER(csim_condition) while (1)
#else
#define HLS_FOREVER(csim_condition) while (csim_condition)
#endif

static const uint8_t MISTY1_S7[128] = {
     27,  50,  51,  90,  59,  16,  23,  84,  91,  26, 114, 115, 107,  44, 102,  73,
     31,  36,  19, 108,  55,  46,  63,  74,  93,  15,  64,  86,  37,  81,  28,   4,
     11,  70,  32,  13, 123,  53,  68,  66,  43,  30,  65,  20,  75, 121,  21, 111,
     14,  85,   9,  54, 116,  12, 103,  83,  40,  10, 126,  56,   2,   7,  96,  41,
     25,  18, 101,  47,  48,  57,   8, 104,  95, 120,  42,  76, 100,  69, 117,  61,
     89,  72,   3,  87, 124,  79,  98,  60,  29,  33,  94,  39, 106, 112,  77,  58,
      1, 109, 110,  99,  24, 119,  35,   5,  38, 118,   0,  49,  45, 122, 127,  97,
     80,  34,  17,   6,  71,  22,  82,  78, 113,  62, 105,  67,  52,  92,  88, 125,
};

static const uint16_t MISTY1_S9[512] = {
    451, 203, 339, 415, 483, 233, 251,  53, 385, 185, 279, 491, 307,   9,  45, 211,
    199, 330,  55, 126, 235, 356, 403, 472, 163, 286,  85,  44,  29, 418, 355, 280,
    331, 338, 466,  15,  43,  48, 314, 229, 273, 312, 398,  99, 227, 200, 500,  27,
      1, 157, 248, 416, 365, 499,  28, 326, 125, 209, 130, 490, 387, 301, 244, 414,
    467, 221, 482, 296, 480, 236,  89, 145,  17, 303,  38, 220, 176, 396, 271, 503,
    231, 364, 182, 249, 216, 337, 257, 332, 259, 184, 340, 299, 430,  23, 113,  12,
     71,  88, 127, 420, 308, 297, 132, 349, 413, 434, 419,  72, 124,  81, 458,  35,
    317, 423, 357,  59,  66, 218, 402, 206, 193, 107, 159, 497, 300, 388, 250, 406,
    481, 361, 381,  49, 384, 266, 148, 474, 390, 318, 284,  96, 373, 463, 103, 281,
    101, 104, 153, 336,   8,   7, 380, 183,  36,  25, 222, 295, 219, 228, 425,  82,
    265, 144, 412, 449,  40, 435, 309, 362, 374, 223, 485, 392, 197, 366, 478, 433,
    195, 479,  54, 238, 494, 240, 147,  73, 154, 438, 105, 129, 293,  11,  94, 180,
    329, 455, 372,  62, 315, 439, 142, 454, 174,  16, 149, 495,  78, 242, 509, 133,
    253, 246, 160, 367, 131, 138, 342, 155, 316, 263, 359, 152, 464, 489,   3, 510,
    189, 290, 137, 210, 399,  18,  51, 106, 322, 237, 368, 283, 226, 335, 344, 305,
    327,  93, 275, 461, 121, 353, 421, 377, 158, 436, 204,  34, 306,  26, 232,   4,
    391, 493, 407,  57, 447, 471,  39, 395, 198, 156, 208, 334, 108,  52, 498, 110,
    202,  37, 186, 401, 254,  19, 262,  47, 429, 370, 475, 192, 267, 470, 245, 492,
    269, 118, 276, 427, 117, 268, 484, 345,  84, 287,  75, 196, 446, 247,  41, 164,
     14, 496, 119,  77, 378, 134, 139, 179, 369, 191, 270, 260, 151, 347, 352, 360,
    215, 187, 102, 462, 252, 146, 453, 111,  22,  74, 161, 313, 175, 241, 400,  10,
    426, 323, 379,  86, 397, 358, 212, 507, 333, 404, 410, 135, 504, 291, 167, 440,
    321,  60, 505, 320,  42, 341, 282, 417, 408, 213, 294, 431,  97, 302, 343, 476,
    114, 394, 170, 150, 277, 239,  69, 123, 141, 325,  83,  95, 376, 178,  46,  32,
    469,  63, 457, 487, 428,  68,  56,  20, 177, 363, 171, 181,  90, 386, 456, 468,
     24, 375, 100, 207, 109, 256, 409, 304, 346,   5, 288, 443, 445, 224,  79, 214,
    319, 452, 298,  21,   6, 255, 411, 166,  67, 136,  80, 351, 488, 289, 115, 382,
    188, 194, 201, 371, 393, 501, 116, 460, 486, 424, 405,  31,  65,  13, 442,  50,
     61, 465, 128, 168,  87, 441, 354, 328, 217, 261,  98, 122,  33, 511, 274, 264,
    448, 169, 285, 432, 422, 205, 243,  92, 258,  91, 473, 324, 502, 173, 165,  58,
    459, 310, 383,  70, 225,  30, 477, 230, 311, 506, 389, 140, 143,  64, 437, 190,
    120,   0, 172, 272, 350, 292,   2, 444, 162, 234, 112, 508, 278, 348,  76, 450,
};

static inline ap_uint<7> misty1_s7(ap_uint<7> x) {
#pragma HLS INLINE
#pragma HLS ARRAY_PARTITION variable=MISTY1_S7 complete dim=1
#pragma HLS BIND_STORAGE variable=MISTY1_S7 type=rom_np impl=lutram
  return MISTY1_S7[x.to_uint()];
}

static inline ap_uint<9> misty1_s9(ap_uint<9> x) {
#pragma HLS INLINE
#pragma HLS ARRAY_PARTITION variable=MISTY1_S9 complete dim=1
#pragma HLS BIND_STORAGE variable=MISTY1_S9 type=rom_np impl=lutram
  return MISTY1_S9[x.to_uint()];
}

/* FI (RFC 2994 section 2.3): 16 bits split 9 (high) + 7 (low), three rounds. */
static inline ap_uint<16> misty1_fi(ap_uint<16> fi_in, ap_uint<16> fi_key) {
#pragma HLS INLINE
  ap_uint<9> d9 = fi_in >> 7;
  ap_uint<7> d7 = fi_in & 0x7f;
  d9 = misty1_s9(d9) ^ d7;
  d7 = misty1_s7(d7) ^ ap_uint<7>(d9 & 0x7f);
  d7 = d7 ^ ap_uint<7>(fi_key >> 9);
  d9 = d9 ^ ap_uint<9>(fi_key & 0x1ff);
  d9 = misty1_s9(d9) ^ d7;
  return (ap_uint<16>(d7) << 9) | d9;
}

/* FO (RFC 2994 section 2.3) with its seven sub-keys. */
static inline ap_uint<32> misty1_fo(ap_uint<32> fo_in, ap_uint<16> ko1, ap_uint<16> ki1, ap_uint<16> ko2,
                                    ap_uint<16> ki2, ap_uint<16> ko3, ap_uint<16> ki3, ap_uint<16> ko4) {
#pragma HLS INLINE
  ap_uint<16> t0 = fo_in >> 16;
  ap_uint<16> t1 = fo_in & 0xffff;
  t0 = misty1_fi(t0 ^ ko1, ki1) ^ t1;
  t1 = misty1_fi(t1 ^ ko2, ki2) ^ t0;
  t0 = misty1_fi(t0 ^ ko3, ki3) ^ t1;
  t1 = t1 ^ ko4;
  return (ap_uint<32>(t1) << 16) | t0;
}

/* FL (RFC 2994 section 2.3): d1 ^= d0 & KL1; d0 ^= d1 | KL2. */
static inline ap_uint<32> misty1_fl(ap_uint<32> fl_in, ap_uint<16> kl1, ap_uint<16> kl2) {
#pragma HLS INLINE
  ap_uint<16> d0 = fl_in >> 16;
  ap_uint<16> d1 = fl_in & 0xffff;
  d1 = d1 ^ (d0 & kl1);
  d0 = d0 ^ (d1 | kl2);
  return (ap_uint<32>(d0) << 16) | d1;
}

/* FLINV (RFC 2994 section 2.3), the inverse of FL: d0 ^= d1 | KL2; d1 ^= d0 & KL1. */
static inline ap_uint<32> misty1_fl_inv(ap_uint<32> fl_in, ap_uint<16> kl1, ap_uint<16> kl2) {
#pragma HLS INLINE
  ap_uint<16> d0 = fl_in >> 16;
  ap_uint<16> d1 = fl_in & 0xffff;
  d0 = d0 ^ (d1 | kl2);
  d1 = d1 ^ (d0 & kl1);
  return (ap_uint<32>(d0) << 16) | d1;
}

/* The key schedule (RFC 2994 section 2.2): ek[0..7] = the key's words (EK[0] = bits 127:112),
 * ek[8 + i] = EK'[i] = FI(EK[i], EK[(i + 1) % 8]). Eight FI side by side. */
static inline void misty1_key_schedule(misty1_key_t key, ap_uint<16> ek[16]) {
#pragma HLS INLINE
KEY_WORDS:
  for (int i = 0; i < 8; i++) {
#pragma HLS UNROLL
    ek[i] = key.range(127 - 16 * i, 112 - 16 * i);
  }
KEY_SCHEDULE:
  for (int i = 0; i < 8; i++) {
#pragma HLS UNROLL
    ek[8 + i] = misty1_fi(ek[i], ek[(i + 1) % 8]);
  }
}

#endif /* MISTY1_HLS_H */
