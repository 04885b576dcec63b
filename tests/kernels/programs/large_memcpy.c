/* memcpy/memmove of more than 1,024 elements (issue 38): a whole array into another, part of a byte
   array into another at other offsets, records of three fields (also from the middle of a record to
   the middle of another), at an offset known only at run time, and memmove within one array both
   ways, at places known at compile time and at run time (the ranges overlap: upwards the copy must
   run from the top). Each was refused before ("memset/memcpy of N elements (hint: copy or clear
   large arrays with a loop)"); the compiler now copies them with a loop of its own, one element
   (one record) per iteration. */
#include <stdint.h>
#include <string.h>

struct R { int32_t n; int16_t m; uint8_t c; };

uint32_t src[1400], dst[1400];
uint8_t bytes_a[2000], bytes_b[2000];
struct R ra[600], rb[600];
volatile int shift = 9, back = 4;
uint32_t result;

int main(void) {
  for (int i = 0; i < 1400; i++)
    src[i] = (uint32_t)i * 2654435761u + 1;
  for (int i = 0; i < 2000; i++)
    bytes_a[i] = (uint8_t)(i * 37 + (i >> 8));
  for (int i = 0; i < 600; i++) {
    ra[i].n = i * 7 - 100;
    ra[i].m = (int16_t)(i * 3);
    ra[i].c = (uint8_t)(i ^ 0x5C);
  }
  memcpy(dst, src, sizeof src);
  memcpy(bytes_b + 13, bytes_a + 700, 1200);
  memcpy(rb + 1, ra + 50, 520 * sizeof ra[0]);
  memcpy(&rb[60].m, &ra[3].m, 400 * sizeof ra[0] + 3);
  memmove(src + 1, src, 1300 * sizeof src[0]);
  memmove(bytes_a, bytes_a + 5, 1500);
  memcpy(dst + shift, src + 3, 1100 * sizeof src[0]);
  memmove(dst + shift, dst + back, 1100 * sizeof dst[0]);
  memmove(dst + back, dst + shift + 2, 1100 * sizeof dst[0]);
  for (int i = 0; i < 1400; i += 5)
    result = result * 31 + dst[i] + src[i];
  for (int i = 0; i < 2000; i += 3)
    result = result * 31 + bytes_a[i] + bytes_b[i];
  for (int i = 0; i < 600; i += 4)
    result = result * 31 + (uint32_t)rb[i].n + (uint32_t)(uint16_t)rb[i].m + rb[i].c;
  return 0;
}
