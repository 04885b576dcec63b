/* Finding (performance, not correctness): a local struct whose array members are indexed at run time
 * (Blowfish's key: P[18] and S[4][256]) becomes ONE memory for the whole struct, so every member
 * shares its two ports: the four S-box reads and the P read of a Blowfish round take 3 cycles of port
 * time instead of 1. Separate members (S0..S3) give the same single memory.
 * cryptohls compile tests/perf/findings/struct_members_one_memory.c --top struct2d -o OUT
 *   -> report.txt "Memories": k  ram  bram  36 x 32 bits   (one memory for P, S[0] and S[1])
 * Wanted: one memory per array member (and S split along its constant first index), as for
 * separate local arrays. #pragma HLS ARRAY_PARTITION variable=k.S is refused ("unknown variable"). */
#include <stdint.h>
typedef struct { uint32_t P[4]; uint32_t S[2][16]; } key_t2;
uint32_t struct2d(const uint32_t init[36], uint32_t x) {
  key_t2 k;
  for (int i = 0; i < 4; i++) k.P[i] = init[i];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 16; j++) k.S[i][j] = init[4 + 16 * i + j];
  uint32_t acc = 0;
  for (int r = 0; r < 4; r++) {
    acc ^= k.P[r];
    acc += k.S[0][(acc ^ x) & 15] ^ k.S[1][(acc >> 4) & 15];
  }
  return acc;
}
