/* Words read from and written to byte arrays as portable-looking C does it on a little-endian
 * machine: memcpy into a word (opt makes it one 32-bit load of a byte array), a word stored over
 * four bytes, and a 32-bit half of a 64-bit array element. */
#include <stdint.h>
#include <string.h>

static uint8_t block[16];
static uint64_t lanes[2];

uint32_t byte_words(const uint8_t in[16], uint8_t out[16]) {
  for (int i = 0; i < 16; i++) block[i] = in[i];
  uint32_t w[4];
  for (int i = 0; i < 4; i++) memcpy(&w[i], &block[4 * i], 4);
  for (int i = 0; i < 4; i++) {
    uint32_t v = (w[i] << 7 | w[i] >> 25) ^ w[(i + 1) & 3];
    memcpy(&block[4 * ((i + 2) & 3)], &v, 4);
  }
  lanes[0] = (uint64_t)w[0] << 32 | w[1];
  lanes[1] = (uint64_t)w[2] << 32 | w[3];
  uint32_t halves[2];
  memcpy(halves, &lanes[1], 8);
  for (int i = 0; i < 16; i++) out[i] = block[i];
  return halves[0] ^ (halves[1] << 1);
}
