/* AES-128 encryption in portable C (aes.c): software of the co-design system and accelerator source. */
#ifndef AES_CODESIGN_AES_H
#define AES_CODESIGN_AES_H
#include <stdint.h>

void aes128_key_expansion(const uint8_t key[16], uint8_t rk[176]);
void add_round_key(uint8_t state[16], const uint8_t rk[16]);
void sub_bytes(uint8_t state[16]);
void shift_rows(uint8_t state[16]);
void mix_columns(uint8_t state[16]);
void aes128_cipher(const uint8_t rk[176], uint8_t state[16]);
void aes128_cipher_hw(const uint8_t rk[176], uint8_t state[16]);

#endif
