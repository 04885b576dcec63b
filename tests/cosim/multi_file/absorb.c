/* absorb(): xors LEN bytes of DATA into STATE from byte OFF, with unsigned int offsets; absorb_top.c
   declares it with size_t ones (as SUPERCOP's ISAP headers do). */
#include <stdint.h>

void absorb(uint8_t *state, const uint8_t *data, unsigned int off, unsigned int len) {
  for (unsigned int i = 0; i < len; i++)
    state[(off + i) & 15] ^= data[i];
}
