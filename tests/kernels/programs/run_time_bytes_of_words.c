/* Bytes of an integer array read and written at a position known only at run time (a loop index):
   MORUS's ref checks its tag with `((uint8_t *)state[1])[i]` over `uint64_t state[5][4]`, Ketje
   overwrites bytes of 16-bit lanes with a memcpy of a run-time length. Both were refused before
   ("access of 8 bits to 'state' whose elements have 64 bits"); the access now reads the element and
   shifts (a store merges its bytes into the element's others). Little-endian, as natively. */
#include <stdint.h>
#include <string.h>

volatile unsigned count = 16, start = 3, len = 5;

uint64_t state[5][4];
uint16_t lanes[5];
uint32_t halves[4];
uint8_t check;
uint32_t digest;

int main(void) {
  uint8_t tag[16];
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 4; j++)
      state[i][j] = 0x0123456789ABCDEFull * (uint64_t)(4 * i + j + 1);
  for (int i = 0; i < 16; i++)
    tag[i] = (uint8_t)(i * 17 + 1);
  for (unsigned i = 0; i < count; i++)          /* MORUS: the tag against bytes of state[1] */
    check |= tag[i] ^ ((uint8_t *)state[1])[i];
  for (unsigned i = start; i < start + len; i++)  /* bytes written into the middle of words */
    ((uint8_t *)state[2])[i + 7] = (uint8_t)(0xA0 + i);
  for (int i = 0; i < 5; i++)
    lanes[i] = (uint16_t)(0x1111 * (i + 1));
  memcpy((uint8_t *)lanes + 1 * sizeof(uint16_t) + 1, tag + 9, len - 2);   /* Ketje: bytes into lanes */
  for (int i = 0; i < 4; i++)
    halves[i] = 0xDEADBEEFu + (uint32_t)i;
  for (unsigned i = start; i < start + 4; i++)   /* 16-bit halves of 32-bit words */
    ((uint16_t *)halves)[i] ^= (uint16_t)(0x1357 * i);
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 4; j++)
      digest = digest * 31 + (uint32_t)state[i][j] + (uint32_t)(state[i][j] >> 32);
  for (int i = 0; i < 5; i++)
    digest = digest * 31 + lanes[i];
  return check == 0;
}
