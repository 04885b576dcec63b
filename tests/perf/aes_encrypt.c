/* AES-128 encryption of one block with its key expansion in the same call (FIPS-197 sections 5.1 and
 * 5.2), the shape of CHStone's aes-encrypt benchmark but our own code: bytes in column-major state
 * order (state[r + 4c] = in[r + 4c]), S-box lookups, ShiftRows by moving bytes, MixColumns with
 * xtime. No HLS directives. */
#include "aes_common.h"

static void sub_bytes(uint8_t *state) {
  for (int i = 0; i < 16; i++) state[i] = AES_SBOX[state[i]];
}

static void shift_rows(uint8_t *s) {
  uint8_t t;
  t = s[1]; s[1] = s[5]; s[5] = s[9]; s[9] = s[13]; s[13] = t;            /* row 1: left by 1 */
  t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;   /* row 2: left by 2 */
  t = s[15]; s[15] = s[11]; s[11] = s[7]; s[7] = s[3]; s[3] = t;          /* row 3: left by 3 */
}

static void mix_columns(uint8_t *s) {
  for (int c = 0; c < 4; c++, s += 4) {
    uint8_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3];
    uint8_t all = a0 ^ a1 ^ a2 ^ a3;
    s[0] = a0 ^ all ^ xtime(a0 ^ a1);
    s[1] = a1 ^ all ^ xtime(a1 ^ a2);
    s[2] = a2 ^ all ^ xtime(a2 ^ a3);
    s[3] = a3 ^ all ^ xtime(a3 ^ a0);
  }
}

void aes_encrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]) {
  uint8_t w[4 * AES_NB * (AES_NR + 1)];
  uint8_t state[16];
  key_expansion(key, w);
  for (int i = 0; i < 16; i++) state[i] = in[i];
  add_round_key(state, w);
  for (int round = 1; round < AES_NR; round++) {
    sub_bytes(state);
    shift_rows(state);
    mix_columns(state);
    add_round_key(state, w + 16 * round);
  }
  sub_bytes(state);
  shift_rows(state);
  add_round_key(state, w + 16 * AES_NR);
  for (int i = 0; i < 16; i++) out[i] = state[i];
}
