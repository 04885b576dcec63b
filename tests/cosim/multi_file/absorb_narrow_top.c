/* Declares absorb() with 16-bit offsets where absorb.c takes 32: the callee would read upper bits the
   caller never set, so there is no answer to match. */
#include <stdint.h>

void absorb(uint8_t *state, const uint8_t *data, uint16_t off, uint16_t len);

uint32_t absorb_top(const uint8_t in[8], uint32_t shift) {
  uint8_t state[16] = {0};
  absorb(state, in, (uint16_t)shift, 8);
  return state[0];
}
