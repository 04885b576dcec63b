/* A local struct of one scalar type, shaped like Blowfish's key: each array member gets a memory of
 * its own and the 2-D member S one memory per row. S is filled with a row index known only at run
 * time (a steered store: the row is the tag) and read with constant rows in the rounds, where the
 * two row reads and the P read go to three memories in the same cycle. */
#include <stdint.h>

typedef struct {
  uint32_t P[4];
  uint32_t S[2][16];
} key2_t;

uint32_t struct_rows(const uint32_t init[36], uint32_t x) {
  key2_t k;
  for (int i = 0; i < 4; i++)
    k.P[i] = init[i];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 16; j++)
      k.S[i][j] = init[4 + 16 * i + j];
  uint32_t acc = 0;
  for (int r = 0; r < 4; r++) {
    acc ^= k.P[r];
    acc += k.S[0][(acc ^ x) & 15] ^ k.S[1][(acc >> 4) & 15];
  }
  return acc;
}
