/* memcmp, as reference cipher code checks a tag (SUPERCOP's OTR, OCB and Ketje refs: `if (memcmp(tag,
   c + mlen, 16)) return -1;`). It was refused before ("call to undefined function 'memcmp': its body
   is not in the source"); the compiler now links a body of its own (frontend/libc_bodies.py). C
   promises only the sign of the result, and glibc's value differs with the length (1 or the bytes'
   difference), so the program keeps signs. Lengths constant and known only at run time, 0 included. */
#include <stdint.h>
#include <string.h>

volatile unsigned lengths[4] = {0, 7, 9, 16};

uint8_t tag[16], expected[16];
int results[8];

static int sign(int v) { return (v > 0) - (v < 0); }

static int verify(const uint8_t *t, const uint8_t *c, unsigned long long mlen) {
  if (memcmp(t, c + mlen, 16))
    return -1;
  return 0;
}

int main(void) {
  uint8_t c[24];
  for (int i = 0; i < 16; i++) {
    tag[i] = (uint8_t)(i * 13 + 5);
    expected[i] = tag[i] ^ (uint8_t)(i == 8 ? 0x40 : 0);
  }
  for (int i = 0; i < 24; i++)
    c[i] = i < 8 ? 0 : tag[i - 8];
  results[0] = verify(tag, c, 8);                       /* equal: 0 */
  results[1] = verify(expected, c, 8);                  /* differs at byte 8: -1 */
  for (int k = 0; k < 4; k++)
    results[2 + k] = sign(memcmp(tag, expected, lengths[k]));   /* 0, 0, 1, 1 */
  results[6] = sign(memcmp(expected, tag, 16));                  /* -1 */
  results[7] = memcmp(c + 8, tag, sizeof tag) == 0;
  return results[1] == -1 && results[4] == 1 && results[6] == -1 ? 0 : 1;
}
