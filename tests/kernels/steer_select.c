/* A pointer that may point into an argument or into another array is steered (tag + index): reads
 * through p come from key or from the end of the PAD table, writes through d go to out or to a
 * local buffer. Each access drives only the member its tag names: a read of PAD must not read key's
 * port (its address, PAD's index cut to key's width, would be past key's 12 bytes: cosim fails such
 * a read) and a write to scratch must not write out (the testbench checks the bytes left alone). */
#include <stdint.h>

static const uint8_t PAD[32] = {0x36, 0x5c, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
                                0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee,
                                0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
                                0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10};

uint32_t steer_select(int use_key, int direct, const uint8_t key[12], uint8_t out[12]) {
  const uint8_t *p = use_key ? key : PAD + 20;
  uint8_t scratch[12];
  uint8_t *d = direct ? out : scratch;
  uint32_t acc = 0;
  for (int i = 0; i < 12; i++) {
    acc = acc * 31 + p[i];
    d[i] = p[11 - i] ^ key[i];
  }
  if (!direct)
    for (int i = 0; i < 6; i++)
      out[i] = (uint8_t)(scratch[i] + scratch[i + 6]);
  return acc;
}
