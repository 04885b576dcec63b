/* A store wider than the object it writes, at a constant address: `*(uint64_t *)r` over `uint8_t r[4]`
 * (TACLe's rijndael, written when `long` had 4 bytes, fills `char r[4]` so). C leaves it undefined; a
 * native run writes the next 4 bytes of memory. The address would wrap onto r[0..3] and overwrite the
 * bytes just written with the high half: those bytes are dropped, with a warning, so r holds the low
 * half as natively. The load reaches past `w`'s end the same way: its high half reads 0. */
#include <stdint.h>

static uint8_t r[4];
static uint32_t w[2];

uint32_t past_the_end(uint64_t x, uint32_t i, uint32_t v) {
  *(uint64_t *)r = x;
  w[i & 1] = v;
  uint64_t y = *(uint64_t *)&w[1];
  return (uint32_t)r[i & 3] ^ (uint32_t)(y >> 8);
}
