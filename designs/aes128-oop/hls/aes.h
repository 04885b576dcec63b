/* aes.h: AES-128 as C++ classes, written for software (seed 001, Section IV and Fig. 3).
 *
 * aesKey holds what encryption and decryption share: the cipher key, the expanded key schedule
 * (11 round keys of 16 bytes, one after the other), the state, the S-box and rCon tables, and the
 * methods changeKey, expandKey and addRoundKey. aesCipher and aesDecipher extend it with the
 * encryption and decryption flows. The state is a 16-byte array in column order (FIPS-197 3.4):
 * byte 4c + r is row r of column c.
 *
 * Nothing here is written for a hardware compiler: the classes compile with any C++ compiler, and
 * cryptohls compiles them as they are; the variants of Table II only add #pragma HLS lines (aes.cpp).
 */
#ifndef AES_OOP_H
#define AES_OOP_H

#include <stdint.h>

class aesKey {
public:
    aesKey();
    void changeKey(const uint8_t key[16]);

protected:
    static const int ROUNDS = 10;
    static const int BLOCK = 16;
    static const int SCHEDULE = BLOCK * (ROUNDS + 1);

    void expandKey();
    void addRoundKey(int round);

    static const uint8_t sBox[256];
    static const uint8_t rCon[11];

    uint8_t cipher_key[BLOCK];
    uint8_t key_schedule[SCHEDULE];
    uint8_t state[BLOCK];
};

class aesCipher : public aesKey {
public:
    void encrypt(const uint8_t plain_text[16], uint8_t cipher_text[16]);

private:
    void cipher();
    void subBytes();
    void shiftRows();
    void mixColumns();
};

class aesDecipher : public aesKey {
public:
    void decrypt(const uint8_t cipher_text[16], uint8_t plain_text[16]);

private:
    void invCipher();
    void invSubBytes();
    void invShiftRows();
    void invMixColumns();

    static const uint8_t invSBox[256];
};

/* The hardware top of seed 001, Section V-A: 17 input bytes, the first one the operation, the
 * other 16 the key (AES_OP_CHANGE_KEY) or the block to encrypt or decrypt; 16 output bytes. */
enum {
    AES_OP_CHANGE_KEY = 0,
    AES_OP_ENCRYPT = 1,
    AES_OP_DECRYPT = 2,
};

void aes_top(const uint8_t in[17], uint8_t out[16]);

#endif
