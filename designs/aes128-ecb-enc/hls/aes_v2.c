/* AES-128 encryption, HLS version 2: aes_v1.c plus directives for a 128-bit datapath.
 *
 * Case study HLSv2: the same C as version 1; the directives make it the basic iterative
 * architecture of the hand-written core (one round per clock cycle):
 * - ARRAY_RESHAPE of key/in/out: each becomes one 128-bit port (byte i at bits [8i+7:8i]);
 * - ARRAY_PARTITION of the local 4x4 states: every byte a register;
 * - UNROLL of every byte loop, INLINE of every helper: a round is one combinational step;
 * - BIND_STORAGE of the S-box and Rcon ROMs in LUTs (no block RAM), read by all byte lanes at once;
 * - INTERFACE ... register on out: the result leaves through an output register.
 * The S-box table was generated from its definition by cryptohls.golden.aes.
 */
#include <stdint.h>

static const uint8_t SBOX[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};

static const uint8_t RCON[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

static void key_update(uint8_t k[4][4], int round) {
#pragma HLS INLINE
#pragma HLS BIND_STORAGE variable=SBOX type=rom_np impl=lutram
#pragma HLS BIND_STORAGE variable=RCON type=rom_np impl=lutram
  uint8_t tk[4][4];
#pragma HLS ARRAY_PARTITION variable=tk complete dim=0
  int i, j;
  for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
    for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
      tk[i][j] = k[i][j];
    }
  }
  for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
    tk[i][0] ^= SBOX[tk[(i + 1) % 4][3]];
  }
  tk[0][0] ^= RCON[round];
  for (j = 1; j < 4; j++) {
#pragma HLS UNROLL
    for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
      tk[i][j] ^= tk[i][j - 1];
    }
  }
  for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
    for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
      k[i][j] = tk[i][j];
    }
  }
}

static uint8_t mul2(uint8_t a) {
#pragma HLS INLINE
  if ((a >> 7) == 1) return (uint8_t)((a << 1) ^ 0x1b);
  return (uint8_t)(a << 1);
}

static uint8_t mul3(uint8_t a) {
#pragma HLS INLINE
  return mul2(a) ^ a;
}

static void add_round_key(uint8_t a[4][4], uint8_t rk[4][4]) {
#pragma HLS INLINE
  int i, j;
  for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
    for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
      a[i][j] ^= rk[i][j];
    }
  }
}

static void sub_bytes(uint8_t a[4][4]) {
#pragma HLS INLINE
  int i, j;
  for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
    for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
      a[i][j] = SBOX[a[i][j]];
    }
  }
}

static void shift_rows(uint8_t a[4][4]) {
#pragma HLS INLINE
  uint8_t tmp[4];
#pragma HLS ARRAY_PARTITION variable=tmp complete dim=1
  int i, j;
  for (i = 1; i < 4; i++) {
#pragma HLS UNROLL
    for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
      tmp[j] = a[i][(j + i) % 4];
    }
    for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
      a[i][j] = tmp[j];
    }
  }
}

static void mix_columns(uint8_t a[4][4]) {
#pragma HLS INLINE
  uint8_t b[4][4];
#pragma HLS ARRAY_PARTITION variable=b complete dim=0
  int i, j;
  for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
    for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
      b[i][j] = mul2(a[i][j]) ^ mul3(a[(i + 1) % 4][j]) ^ a[(i + 2) % 4][j] ^ a[(i + 3) % 4][j];
    }
  }
  for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
    for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
      a[i][j] = b[i][j];
    }
  }
}

void aes128_encrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]) {
#pragma HLS ARRAY_RESHAPE variable=key complete dim=1
#pragma HLS ARRAY_RESHAPE variable=in complete dim=1
#pragma HLS ARRAY_RESHAPE variable=out complete dim=1
#pragma HLS INTERFACE mode=ap_vld port=out register
  uint8_t k[4][4];
  uint8_t s[4][4];
#pragma HLS ARRAY_PARTITION variable=k complete dim=0
#pragma HLS ARRAY_PARTITION variable=s complete dim=0
  int r, i, j;
  for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
    for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
      k[i][j] = key[4 * j + i];
      s[i][j] = in[4 * j + i];
    }
  }
  add_round_key(s, k);
  for (r = 0; r < 10; r++) {
    sub_bytes(s);
    shift_rows(s);
    if (r != 9) mix_columns(s);
    key_update(k, r);
    add_round_key(s, k);
  }
  for (j = 0; j < 4; j++) {
#pragma HLS UNROLL
    for (i = 0; i < 4; i++) {
#pragma HLS UNROLL
      out[4 * j + i] = s[i][j];
    }
  }
}
