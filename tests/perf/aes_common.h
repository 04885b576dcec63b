/* AES-128 pieces shared by aes_encrypt.c and aes_decrypt.c, written the way C reference code is
 * written (FIPS-197): a byte-oriented state, lookup tables, helper functions taking pointers, the key
 * schedule expanded into a local array of 176 bytes. No HLS directives. */
#ifndef AES_COMMON_H
#define AES_COMMON_H
#include <stdint.h>
#include "aes_tables.h"

#define AES_NB 4
#define AES_NK 4
#define AES_NR 10

static const uint8_t AES_RCON[11] = {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

/* FIPS-197 5.2 KeyExpansion: w[] as bytes, four per word */
static void key_expansion(const uint8_t *key, uint8_t *w) {
  int i;
  uint8_t temp[4];
  for (i = 0; i < 4 * AES_NK; i++) w[i] = key[i];
  for (i = AES_NK; i < AES_NB * (AES_NR + 1); i++) {
    const uint8_t *prev = w + 4 * (i - 1);
    temp[0] = prev[0];
    temp[1] = prev[1];
    temp[2] = prev[2];
    temp[3] = prev[3];
    if (i % AES_NK == 0) {
      uint8_t t = temp[0]; /* RotWord, SubWord, Rcon */
      temp[0] = AES_SBOX[temp[1]] ^ AES_RCON[i / AES_NK];
      temp[1] = AES_SBOX[temp[2]];
      temp[2] = AES_SBOX[temp[3]];
      temp[3] = AES_SBOX[t];
    }
    uint8_t *dst = w + 4 * i;
    const uint8_t *back = w + 4 * (i - AES_NK);
    for (int j = 0; j < 4; j++) *dst++ = *back++ ^ temp[j];
  }
}

static void add_round_key(uint8_t *state, const uint8_t *rk) {
  for (int i = 0; i < 16; i++) *state++ ^= *rk++;
}

static uint8_t xtime(uint8_t x) { return (uint8_t)((x << 1) ^ ((x & 0x80) ? 0x1b : 0x00)); }
#endif
