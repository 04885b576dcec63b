/* Bytes and 16-bit halves of word-array arguments at positions known only at run time, as reference
 * cipher code fills its state (`uint8_t *d = (uint8_t *)w; d[i] = in[i];`; SUPERCOP's MORUS reads its
 * tag so): an access reads the element through the port and shifts, a store merges its bytes into
 * the element's others (read-modify-write: `o`, which C only writes, gets a read port too). Before
 * branch supercop28 the arguments' element size was taken from their first access, a byte: `d[i]`
 * wrote byte i into word i (a wrong answer, and no refusal), and the halves were refused ("access of 16
 * bits to 'w' whose elements have 32 bits"); `z`, which C only writes, parts of elements at fixed
 * places, was an internal error (no read port for the read-modify-write: "KeyError: 'q'"). */
#include <stdint.h>
#include <string.h>

uint32_t arg_word_bytes(uint32_t w[4], uint32_t o[2], uint32_t z[2], const uint8_t in[16], int n, int h) {
  uint8_t *d = (uint8_t *)w;
  for (int i = 0; i < n; i++)
    d[i] = in[i];
  ((uint16_t *)w)[h] ^= 0xA5C3;
  uint8_t *ob = (uint8_t *)o;
  for (int i = 0; i < n / 2; i++)
    ob[i] = in[15 - i];
  memset((uint8_t *)z + 1, 0x77, 2);   /* a constant range inside z[0] */
  ((uint8_t *)z)[6] = in[0];
  uint32_t x = 0;
  for (int i = 0; i < 16; i += 3)
    x = x * 33 + d[i];
  return x;
}
