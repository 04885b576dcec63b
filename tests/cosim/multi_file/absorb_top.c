/* Calls absorb() of absorb.c through a declaration that differs from its definition: size_t (64 bits)
   where it takes unsigned int. Natively the callee reads the low 32 bits of each. */
#include <stddef.h>
#include <stdint.h>

void absorb(uint8_t *state, const uint8_t *data, size_t off, size_t len);

uint32_t absorb_top(const uint8_t in[8], uint32_t shift) {
  uint8_t state[16] = {0};
  absorb(state, in, (size_t)shift + 0x100000000ull, 8);   /* the high word is not the callee's */
  absorb(state, in, 5, 3);
  uint32_t acc = 0;
  for (int i = 0; i < 16; i++)
    acc = (acc << 3 | acc >> 29) ^ state[i];
  return acc;
}
