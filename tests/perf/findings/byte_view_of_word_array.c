/* Finding (a refusal until branch supercop28; now the word is read, shifted and merged,
 * frontend/import_access.py, and cosim with tb_byte_view.c passes): bytes stored into an array of
 * 32-bit words through a byte pointer, as SHA-1
 * library code does to fill its block (`BYTE *d = (BYTE *)data; d[i] = buf[i];` then a byte
 * reversal of each LONG, as classic public-domain SHA-1 code does, e.g. the MiBench sha that
 * CHStone's sha derives from).
 * cryptohls compile tests/perf/findings/byte_view_of_word_array.c --top byte_view -o OUT
 *   -> was: byte_view_of_word_array.c:17:36: error: access of 8 bits to 'words' whose elements have
 *      32 bits (hint: access arrays with their own element type (no type punning))
 * The result depends on the byte order (little-endian, as on the csim host and in Bambu/LegUp, which
 * lay memories out as bytes); the opposite direction (word loads of byte arrays) is supported
 * since the byte_words kernel. */
#include <stdint.h>

static uint32_t words[4];

uint32_t byte_view(const uint8_t in[16], int n) {
  uint8_t *d = (uint8_t *)words;
  for (int i = 0; i < n; i++) d[i] = in[i];
  return words[0] ^ words[3];
}
