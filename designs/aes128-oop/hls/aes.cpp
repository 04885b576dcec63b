/* aes.cpp: the methods of aes.h and the 17-byte top function (seed 001, Sections IV and V-A).
 *
 * Software code, as seed 001 wrote it before synthesis: loops over the 16 bytes of the state, a
 * key schedule computed once per key (changeKey) and kept in a member array, tables as static
 * const members. The only hardware-specific lines are the #pragma HLS directives of the variants
 * (Table II), selected by -D AES_VARIANT_<NAME> (see docs.md); without one, the baseline: the
 * tables in ROM and the key schedule in one RAM, as a tool maps them by default.
 */
#include "aes.h"

/* DIVIDE (seed 001, Section V-C): the key schedule split over 2 or 4 RAMs (ARRAY_PARTITION cyclic or
 * block, in the constructor below), and the byte loops over a round key unrolled by as many, so that
 * each RAM serves one byte of every step. */
#if AES_KS_CYCLIC == 2 || AES_KS_BLOCK == 2
#define AES_DIVIDE 2
#elif AES_KS_CYCLIC == 4 || AES_KS_BLOCK == 4
#define AES_DIVIDE 4
#else
#define AES_DIVIDE 1
#endif

const uint8_t aesKey::sBox[256] = {
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
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16
};

const uint8_t aesKey::rCon[11] = {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

const uint8_t aesDecipher::invSBox[256] = {
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
    0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d
};

aesKey::aesKey() {
    /* Directives of the variants (docs.md): where the member arrays live. */
#if defined(AES_KS_RAM_1P)
#pragma HLS BIND_STORAGE variable=key_schedule type=ram_1p impl=bram
#endif
#if AES_KS_CYCLIC == 2
#pragma HLS ARRAY_PARTITION variable=key_schedule type=cyclic factor=2
#elif AES_KS_CYCLIC == 4
#pragma HLS ARRAY_PARTITION variable=key_schedule type=cyclic factor=4
#endif
#if AES_KS_BLOCK == 2
#pragma HLS ARRAY_PARTITION variable=key_schedule type=block factor=2
#elif AES_KS_BLOCK == 4
#pragma HLS ARRAY_PARTITION variable=key_schedule type=block factor=4
#endif
#if defined(AES_REGISTERS)
#pragma HLS ARRAY_PARTITION variable=key_schedule type=complete
#pragma HLS ARRAY_PARTITION variable=cipher_key type=complete
#pragma HLS ARRAY_PARTITION variable=state type=complete
#pragma HLS ARRAY_PARTITION variable=sBox type=complete
#pragma HLS ARRAY_PARTITION variable=rCon type=complete
#pragma HLS ARRAY_PARTITION variable=invSBox type=complete
#endif
    for (int i = 0; i < BLOCK; i++) {
        cipher_key[i] = 0;
        state[i] = 0;
    }
    expandKey();
}

void aesKey::changeKey(const uint8_t key[16]) {
    for (int i = 0; i < BLOCK; i++)
        cipher_key[i] = key[i];
    expandKey();
}

/* FIPS-197 5.2: the first round key is the cipher key; every later word is the word before it
 * (rotated, substituted and xored with rCon at the start of a round key) xored with the word
 * four words back. */
void aesKey::expandKey() {
    for (int i = 0; i < BLOCK; i++)
        key_schedule[i] = cipher_key[i];
    for (int word = 4; word < 4 * (ROUNDS + 1); word++) {
        uint8_t temp[4];
        for (int j = 0; j < 4; j++) {
#if AES_DIVIDE == 2
#pragma HLS UNROLL factor=2
#elif AES_DIVIDE == 4
#pragma HLS UNROLL factor=4
#endif
            temp[j] = key_schedule[4 * (word - 1) + j];
        }
        if (word % 4 == 0) {
            uint8_t first = temp[0];
            temp[0] = sBox[temp[1]] ^ rCon[word / 4];
            temp[1] = sBox[temp[2]];
            temp[2] = sBox[temp[3]];
            temp[3] = sBox[first];
        }
        for (int j = 0; j < 4; j++) {
#if AES_DIVIDE == 2
#pragma HLS UNROLL factor=2
#elif AES_DIVIDE == 4
#pragma HLS UNROLL factor=4
#endif
            key_schedule[4 * word + j] = key_schedule[4 * (word - 4) + j] ^ temp[j];
        }
    }
}

void aesKey::addRoundKey(int round) {
    for (int i = 0; i < BLOCK; i++) {
#if AES_DIVIDE == 2
#pragma HLS UNROLL factor=2
#elif AES_DIVIDE == 4
#pragma HLS UNROLL factor=4
#endif
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        state[i] ^= key_schedule[BLOCK * round + i];
    }
}

static uint8_t xtime(uint8_t x) {
    return (uint8_t)((x << 1) ^ ((x & 0x80) ? 0x1b : 0x00));
}

void aesCipher::encrypt(const uint8_t plain_text[16], uint8_t cipher_text[16]) {
    for (int i = 0; i < BLOCK; i++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        state[i] = plain_text[i];
    }
    cipher();
    for (int i = 0; i < BLOCK; i++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        cipher_text[i] = state[i];
    }
}

void aesCipher::cipher() {
    addRoundKey(0);
    for (int round = 1; round < ROUNDS; round++) {
        subBytes();
        shiftRows();
        mixColumns();
        addRoundKey(round);
    }
    subBytes();
    shiftRows();
    addRoundKey(ROUNDS);
}

void aesCipher::subBytes() {
    for (int i = 0; i < BLOCK; i++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        state[i] = sBox[state[i]];
    }
}

/* Row r moves r columns to the left: byte 4c + r takes byte 4((c + r) mod 4) + r. */
void aesCipher::shiftRows() {
    uint8_t t;
    t = state[1]; state[1] = state[5]; state[5] = state[9]; state[9] = state[13]; state[13] = t;
    t = state[2]; state[2] = state[10]; state[10] = t;
    t = state[6]; state[6] = state[14]; state[14] = t;
    t = state[15]; state[15] = state[11]; state[11] = state[7]; state[7] = state[3]; state[3] = t;
}

void aesCipher::mixColumns() {
    for (int c = 0; c < 4; c++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        uint8_t *col = &state[4 * c];
        uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
        uint8_t all = a0 ^ a1 ^ a2 ^ a3;
        col[0] = a0 ^ all ^ xtime(a0 ^ a1);
        col[1] = a1 ^ all ^ xtime(a1 ^ a2);
        col[2] = a2 ^ all ^ xtime(a2 ^ a3);
        col[3] = a3 ^ all ^ xtime(a3 ^ a0);
    }
}

void aesDecipher::decrypt(const uint8_t cipher_text[16], uint8_t plain_text[16]) {
    for (int i = 0; i < BLOCK; i++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        state[i] = cipher_text[i];
    }
    invCipher();
    for (int i = 0; i < BLOCK; i++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        plain_text[i] = state[i];
    }
}

/* FIPS-197 5.3 (the inverse cipher, not the equivalent one: it uses the same key schedule). */
void aesDecipher::invCipher() {
    addRoundKey(ROUNDS);
    for (int round = ROUNDS - 1; round > 0; round--) {
        invShiftRows();
        invSubBytes();
        addRoundKey(round);
        invMixColumns();
    }
    invShiftRows();
    invSubBytes();
    addRoundKey(0);
}

void aesDecipher::invSubBytes() {
    for (int i = 0; i < BLOCK; i++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        state[i] = invSBox[state[i]];
    }
}

void aesDecipher::invShiftRows() {
    uint8_t t;
    t = state[13]; state[13] = state[9]; state[9] = state[5]; state[5] = state[1]; state[1] = t;
    t = state[2]; state[2] = state[10]; state[10] = t;
    t = state[6]; state[6] = state[14]; state[14] = t;
    t = state[3]; state[3] = state[7]; state[7] = state[11]; state[11] = state[15]; state[15] = t;
}

/* {0e}a0 ^ {0b}a1 ^ {0d}a2 ^ {09}a3 and its rotations, from xtime: the usual software trick of
 * first adding {04}(a0 ^ a2) to a0, a2 and {04}(a1 ^ a3) to a1, a3, then MixColumns. */
void aesDecipher::invMixColumns() {
    for (int c = 0; c < 4; c++) {
#if defined(AES_REGISTERS)
#pragma HLS UNROLL
#endif
        uint8_t *col = &state[4 * c];
        uint8_t u = xtime(xtime(col[0] ^ col[2]));
        uint8_t v = xtime(xtime(col[1] ^ col[3]));
        col[0] ^= u;
        col[1] ^= v;
        col[2] ^= u;
        col[3] ^= v;
        uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
        uint8_t all = a0 ^ a1 ^ a2 ^ a3;
        col[0] = a0 ^ all ^ xtime(a0 ^ a1);
        col[1] = a1 ^ all ^ xtime(a1 ^ a2);
        col[2] = a2 ^ all ^ xtime(a2 ^ a3);
        col[3] = a3 ^ all ^ xtime(a3 ^ a0);
    }
}

/* Seed 001, Section V-A: in[0] is the operation, in[1..16] the key or the block; out gets the
 * encrypted or decrypted block (a key change leaves it as it is). The two objects live from one
 * call to the next, so a key is expanded once and used for every block after it. */
void aes_top(const uint8_t in[17], uint8_t out[16]) {
#if defined(AES_REGISTERS)
#pragma HLS ARRAY_PARTITION variable=in type=complete
#pragma HLS ARRAY_PARTITION variable=out type=complete
#endif
    static aesCipher cipher;
    static aesDecipher decipher;
    switch (in[0]) {
    case AES_OP_CHANGE_KEY:
        cipher.changeKey(&in[1]);
        decipher.changeKey(&in[1]);
        break;
    case AES_OP_ENCRYPT:
        cipher.encrypt(&in[1], out);
        break;
    case AES_OP_DECRYPT:
        decipher.decrypt(&in[1], out);
        break;
    default:
        break;
    }
}
