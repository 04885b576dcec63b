/* A program that names its integer types itself, as code written for 32-bit machines does (SUPERCOP's
 * LAEM-SIMON: `typedef unsigned long uint32_t;`), without <stdint.h>: on x86-64 its "uint32_t" has 64
 * bits, natively and in hardware alike. The cosim wrapper and the native harness included <stdint.h>
 * around the program, and csim and cosim stopped on the clash of the two typedefs. Likewise pi-Cipher's
 * `typedef unsigned long long u_int64_t;`, glibc's name for `unsigned long` in <sys/types.h>, which the
 * native harness's <stdlib.h> brought in. */
#include <stdio.h>

typedef unsigned long uint32_t;
typedef unsigned long long uint64_t;
typedef unsigned long long u_int64_t;

uint32_t state[4] = {1, 2, 3, 4};
u_int64_t mixed;

static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (64 - r)); }

int main(void) {
  for (int i = 0; i < 8; i++) {
    state[i & 3] = rotl(state[i & 3] ^ state[(i + 1) & 3], 13) + 0x9E3779B97F4A7C15ul;
    mixed ^= state[i & 3];
  }
  return (int)(mixed >> 58);
}
