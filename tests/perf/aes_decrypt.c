/* AES-128 decryption of one block with its key expansion in the same call (FIPS-197 section 5.3, the
 * straightforward inverse cipher), the shape of CHStone's aes-decrypt benchmark but our own code:
 * InvMixColumns multiplies by 0x0e, 0x0b, 0x0d, 0x09 with a shift-and-add GF(2^8) multiply, as
 * byte-oriented reference code does. No HLS directives. */
#include "aes_common.h"

static uint8_t gmul(uint8_t a, uint8_t b) {
  uint8_t p = 0;
  while (b) {
    if (b & 1) p ^= a;
    a = xtime(a);
    b >>= 1;
  }
  return p;
}

static void inv_sub_bytes(uint8_t *state) {
  for (int i = 0; i < 16; i++) state[i] = AES_INV_SBOX[state[i]];
}

static void inv_shift_rows(uint8_t *s) {
  uint8_t t;
  t = s[13]; s[13] = s[9]; s[9] = s[5]; s[5] = s[1]; s[1] = t;            /* row 1: right by 1 */
  t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;   /* row 2: right by 2 */
  t = s[3]; s[3] = s[7]; s[7] = s[11]; s[11] = s[15]; s[15] = t;          /* row 3: right by 3 */
}

static void inv_mix_columns(uint8_t *s) {
  for (int c = 0; c < 4; c++, s += 4) {
    uint8_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3];
    s[0] = gmul(a0, 0x0e) ^ gmul(a1, 0x0b) ^ gmul(a2, 0x0d) ^ gmul(a3, 0x09);
    s[1] = gmul(a0, 0x09) ^ gmul(a1, 0x0e) ^ gmul(a2, 0x0b) ^ gmul(a3, 0x0d);
    s[2] = gmul(a0, 0x0d) ^ gmul(a1, 0x09) ^ gmul(a2, 0x0e) ^ gmul(a3, 0x0b);
    s[3] = gmul(a0, 0x0b) ^ gmul(a1, 0x0d) ^ gmul(a2, 0x09) ^ gmul(a3, 0x0e);
  }
}

void aes_decrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]) {
  uint8_t w[4 * AES_NB * (AES_NR + 1)];
  uint8_t state[16];
  key_expansion(key, w);
  for (int i = 0; i < 16; i++) state[i] = in[i];
  add_round_key(state, w + 16 * AES_NR);
  for (int round = AES_NR - 1; round > 0; round--) {
    inv_shift_rows(state);
    inv_sub_bytes(state);
    add_round_key(state, w + 16 * round);
    inv_mix_columns(state);
  }
  inv_shift_rows(state);
  inv_sub_bytes(state);
  add_round_key(state, w);
  for (int i = 0; i < 16; i++) out[i] = state[i];
}
