/* AES-128 decryption of one block with its key expansion in the same call (FIPS-197 section 5.3, the
 * straightforward inverse cipher). SECOND STYLE of tests/perf/aes_decrypt.c, no directives:
 * InvMixColumns with xtime only (below) instead of a general GF(2^8) multiply loop. Our own code;
 * same testbench. */
#include "../aes_common.h"

static void inv_sub_bytes(uint8_t *state) {
  for (int i = 0; i < 16; i++) state[i] = AES_INV_SBOX[state[i]];
}

static void inv_shift_rows(uint8_t *s) {
  uint8_t t;
  t = s[13]; s[13] = s[9]; s[9] = s[5]; s[5] = s[1]; s[1] = t;            /* row 1: right by 1 */
  t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;   /* row 2: right by 2 */
  t = s[3]; s[3] = s[7]; s[7] = s[11]; s[11] = s[15]; s[15] = t;          /* row 3: right by 3 */
}

/* InvMixColumns as MixColumns after a preprocessing step with xtime (Daemen and Rijmen, "The Design
 * of Rijndael", section 4.1.3): {0e,0b,0d,09} = {02,03,01,01} x {05,00,04,00}. */
static void inv_mix_columns(uint8_t *s) {
  uint8_t *col = s;
  for (int c = 0; c < 4; c++, col += 4) {
    uint8_t u = xtime(xtime(col[0] ^ col[2]));
    uint8_t v = xtime(xtime(col[1] ^ col[3]));
    col[0] ^= u;
    col[1] ^= v;
    col[2] ^= u;
    col[3] ^= v;
  }
  for (int c = 0; c < 4; c++, s += 4) {
    uint8_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3];
    uint8_t all = a0 ^ a1 ^ a2 ^ a3;
    s[0] = a0 ^ all ^ xtime(a0 ^ a1);
    s[1] = a1 ^ all ^ xtime(a1 ^ a2);
    s[2] = a2 ^ all ^ xtime(a2 ^ a3);
    s[3] = a3 ^ all ^ xtime(a3 ^ a0);
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
