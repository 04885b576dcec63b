/* A pointer that may point into an argument or into another array is steered (tag + index): reads
 * through p come from key or from the PAD table, writes through d go to out or to a local buffer. */
#include <stdint.h>

static const uint8_t PAD[16] = {0x36, 0x5c, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
                                0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee};

uint32_t steer_select(int use_key, int direct, const uint8_t key[16], uint8_t out[16]) {
  const uint8_t *p = use_key ? key : PAD;
  uint8_t scratch[16];
  uint8_t *d = direct ? out : scratch;
  uint32_t acc = 0;
  for (int i = 0; i < 16; i++) {
    acc = acc * 31 + p[i];
    d[i] = p[15 - i] ^ key[i];
  }
  if (!direct)
    for (int i = 0; i < 16; i++)
      out[i] = (uint8_t)(scratch[i] + 1);
  return acc;
}
