/* Variable-length arrays whose size is a constant once the calls are inlined, as reference code writes
   them: Ascon's ref declares `int size = 320 / 8; u8 S[size];` and `u8 A[s * rate];` with s from the
   message length, here a constant. They were refused at -O0 ("variable-length array is not
   supported"); the check now runs after opt, where these are ordinary arrays (one declared in a loop
   body too, whose stacksave/stackrestore the importer skips). A size still unknown after opt (`uint8_t
   T[r + 5]` with r the counter of a loop kept rolled) stays a refusal (tests/diagnostics/vla.c). */
#include <stdint.h>

uint8_t out[24];
uint32_t digest;

static void pad(const uint8_t *in, unsigned long long len, uint8_t *dst) {
  int rate = 64 / 8;
  unsigned long long s = len / rate + 1;
  uint8_t A[s * rate];                    /* 16 bytes for len = 13 */
  for (unsigned long long i = 0; i < len; ++i)
    A[i] = in[i];
  A[len] = 0x80;
  for (unsigned long long i = len + 1; i < s * rate; ++i)
    A[i] = 0;
  for (unsigned long long i = 0; i < s * rate; ++i)
    dst[i] = A[i] ^ (uint8_t)i;
}

int main(void) {
  int size = 320 / 8;
  uint8_t S[size];
  uint8_t msg[13];
  for (int i = 0; i < 13; i++)
    msg[i] = (uint8_t)(i * 9 + 1);
  for (int i = 0; i < size; i++)
    S[i] = (uint8_t)(i * 3);
  pad(msg, 13, out);
  for (int r = 0; r < 4; r++) {           /* a fresh array each pass */
    uint8_t T[size / 8];
    for (int i = 0; i < size / 8; i++)
      T[i] = S[i + r] ^ out[i + r];
    for (int i = 0; i < size / 8; i++)
      digest = digest * 31 + T[i];
  }
  return S[39] == 117 ? 0 : 1;
}
