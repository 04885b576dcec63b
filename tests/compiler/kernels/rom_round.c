/* A round on a register through a LUT ROM: the ROM's address is the loop-carried state itself
 * (tests/compiler/test_rom_address_registers.py). The table is PRESENT's 4-bit S-box. */
#include <stdint.h>

static const uint8_t SBOX4[16] = {0xc, 0x5, 0x6, 0xb, 0x9, 0x0, 0xa, 0xd, 0x3, 0xe, 0xf, 0x8, 0x4, 0x7, 0x1, 0x2};

uint8_t rom_round(uint8_t x, uint8_t k) {
#pragma HLS BIND_STORAGE variable=SBOX4 type=rom_np impl=lutram
  uint8_t s = x & 15;
  for (int r = 0; r < 8; r++) {
    s = SBOX4[s & 15] ^ (k & 15);
  }
  return s;
}
