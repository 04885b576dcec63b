/* A constant global struct of one scalar type: its array members are separate ROMs and its 2-D
 * member, read only with constant rows, one ROM per row, so the three table reads and the mask
 * read of an iteration need no shared port. */
#include <stdint.h>

typedef struct {
  uint16_t mask[8];
  uint16_t t[3][8];
} tables_t;

static const tables_t TABLES = {
    {0x00ff, 0x0f0f, 0x3333, 0x5555, 0xff00, 0xf0f0, 0xcccc, 0xaaaa},
    {{0x1234, 0x2345, 0x3456, 0x4567, 0x5678, 0x6789, 0x789a, 0x89ab},
     {0x9abc, 0xabcd, 0xbcde, 0xcdef, 0xdef0, 0xef01, 0xf012, 0x0123},
     {0x1357, 0x2468, 0x3579, 0x468a, 0x579b, 0x68ac, 0x79bd, 0x8ace}}};

uint32_t struct_tables(const uint8_t in[8], uint16_t out[8]) {
  uint32_t acc = 0;
  for (int i = 0; i < 8; i++) {
    uint8_t v = in[i];
    uint16_t w = (uint16_t)(TABLES.t[0][v & 7] ^ TABLES.t[1][(v >> 3) & 7] ^ TABLES.t[2][(v >> 5) & 7]);
    w &= TABLES.mask[i];
    out[i] = w;
    acc = (acc << 3 | acc >> 29) ^ w;
  }
  return acc;
}
