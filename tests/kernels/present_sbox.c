#include <stdint.h>
/* The PRESENT cipher's 4-bit S-box (Bogdanov et al., CHES 2007) applied to the 16 nibbles of a
 * 64-bit word: a small constant ROM read in a loop. */
static const uint8_t PRESENT_SBOX[16] = {0xc, 0x5, 0x6, 0xb, 0x9, 0x0, 0xa, 0xd,
                                         0x3, 0xe, 0xf, 0x8, 0x4, 0x7, 0x1, 0x2};

uint64_t present_sbox(uint64_t x) {
  uint64_t y = 0;
  for (int i = 0; i < 16; i++) y |= (uint64_t)PRESENT_SBOX[(x >> (4 * i)) & 0xf] << (4 * i);
  return y;
}
