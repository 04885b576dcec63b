/* Finding (refusal with a misleading reason): a 32-bit word read from a byte array argument at a
 * 4-byte-aligned run-time offset (`memcpy(&w, in + 4 * (i & 3), 4)`, how portable C reads a
 * little-endian word).
 * cryptohls compile tests/perf/findings/word_load_of_byte_argument.c --top wl -o OUT
 *   -> word_load_of_byte_argument.c:14:3: error: access to 'in' is not aligned to its elements
 *      (hint: access arrays with their own element type)
 * The offset is a multiple of 4 bytes; the same access to a local or global byte array is supported
 * (tests/kernels/byte_words.c). Either support it on ports (four reads of the byte port) or say that
 * word accesses to argument ports are refused. */
#include <stdint.h>
#include <string.h>
uint32_t wl(const uint8_t in[16], int i) {
  uint32_t w;
  memcpy(&w, in + 4 * (i & 3), 4);
  return w;
}
