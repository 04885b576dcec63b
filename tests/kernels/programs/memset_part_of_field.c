/* memset/memcpy over part of a field of an array of structs (each field its own memory): the bytes
   of a field the range starts inside were skipped, and a field it ends inside was written whole, a
   silent miscompile before (recs and result differ). The object is now held as bytes, as memory
   holds it. */
#include <stdint.h>
#include <string.h>

struct R { int32_t n; int16_t m; uint8_t c; };

struct R recs[8], copy[8];
uint32_t result;

int main(void) {
  for (int i = 0; i < 8; i++) {
    recs[i].n = 0x01020304 * (i + 1);
    recs[i].m = (int16_t)(i * 300 + 7);
    recs[i].c = (uint8_t)(i * 17);
    copy[i].n = -i;
    copy[i].m = (int16_t)i;
    copy[i].c = (uint8_t)~i;
  }
  memset((char *)recs + 1, 0xEE, 30);
  memset(recs + 5, 0x11, 2 * sizeof recs[0] + 2);
  memcpy((char *)copy + 9, (char *)recs + 42, 13);
  for (int i = 0; i < 8; i++) {
    result = result * 31 + (uint32_t)recs[i].n + (uint16_t)recs[i].m + recs[i].c;
    result = result * 31 + (uint32_t)copy[i].n + (uint16_t)copy[i].m + copy[i].c;
  }
  return 0;
}
