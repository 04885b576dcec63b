/* Testbench of byte_view_of_word_array.c: bytes through a byte view of words, little-endian; the words
   keep their bytes from one call to the next (a static array), as in C. */
#include <stdint.h>
#include <stdio.h>

uint32_t byte_view(const uint8_t in[16], int n);

int main(void) {
  uint8_t mem[16] = {0};   /* the model of `words` as bytes */
  int bad = 0;
  for (int n = 0; n <= 16; n++) {
    uint8_t in[16];
    for (int i = 0; i < 16; i++)
      in[i] = (uint8_t)(n * 16 + i * 5 + 3);
    for (int i = 0; i < n; i++)
      mem[i] = in[i];
    uint32_t w0 = mem[0] | mem[1] << 8 | mem[2] << 16 | (uint32_t)mem[3] << 24;
    uint32_t w3 = mem[12] | mem[13] << 8 | mem[14] << 16 | (uint32_t)mem[15] << 24;
    bad += byte_view(in, n) != (w0 ^ w3);
  }
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
