#include <stdint.h>
/* SECOND STYLE, no directives: AES-128 encryption (key expansion + one block per call) written in the
 * older benchmark-suite style: int-typed global state and a global 2-D key schedule word[4][44]
 * indexed [row][column], SubBytes fused with ShiftRows, MixColumns through a temporary array and a
 * modulo-indexed column walk. Our own code (FIPS-197); same testbench as tests/perf/aes_encrypt.c. */
#include "../aes_tables.h"
static int statemt[16];
static int word[4][44];
static const int Rcon0[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

static int SubByte(int in) { return AES_SBOX[in & 0xff]; }

static void KeySchedule(const uint8_t *key) {
  int i, j;
  for (j = 0; j < 4; j++)
    for (i = 0; i < 4; i++) word[i][j] = key[i + j * 4];
  for (j = 4; j < 44; j++) {
    int temp[4];
    if (j % 4 == 0) {
      temp[0] = SubByte(word[1][j - 1]) ^ Rcon0[j / 4 - 1];
      temp[1] = SubByte(word[2][j - 1]);
      temp[2] = SubByte(word[3][j - 1]);
      temp[3] = SubByte(word[0][j - 1]);
    } else {
      for (i = 0; i < 4; i++) temp[i] = word[i][j - 1];
    }
    for (i = 0; i < 4; i++) word[i][j] = word[i][j - 4] ^ temp[i];
  }
}

static void AddRoundKey(int *state, int n) {
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++) state[i + j * 4] ^= word[i][j + 4 * n];
}

static void ByteSub_ShiftRow(int *state) {
  int t;
  for (int i = 0; i < 16; i++) state[i] = SubByte(state[i]);
  t = state[1]; state[1] = state[5]; state[5] = state[9]; state[9] = state[13]; state[13] = t;
  t = state[2]; state[2] = state[10]; state[10] = t; t = state[6]; state[6] = state[14]; state[14] = t;
  t = state[15]; state[15] = state[11]; state[11] = state[7]; state[7] = state[3]; state[3] = t;
}

static int mul2(int x) { x <<= 1; if (x & 0x100) x ^= 0x11b; return x; }

static void MixColumn(int *state) {
  int ret[16];
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++) {
      int a = state[i + j * 4], b = state[(i + 1) % 4 + j * 4];
      int c = state[(i + 2) % 4 + j * 4], d = state[(i + 3) % 4 + j * 4];
      ret[i + j * 4] = mul2(a) ^ mul2(b) ^ b ^ c ^ d;
    }
  for (int i = 0; i < 16; i++) state[i] = ret[i];
}

void aes_encrypt(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]) {
  int i;
  KeySchedule(key);
  for (i = 0; i < 16; i++) statemt[i] = in[i];
  AddRoundKey(statemt, 0);
  for (i = 1; i <= 9; i++) {
    ByteSub_ShiftRow(statemt);
    MixColumn(statemt);
    AddRoundKey(statemt, i);
  }
  ByteSub_ShiftRow(statemt);
  AddRoundKey(statemt, 10);
  for (i = 0; i < 16; i++) out[i] = (uint8_t)statemt[i];
}
