/* memsets of more than 1,024 elements (issue 38; users' code clears big arrays so): with 0, with a
   non-zero byte over 2-byte elements, over part of an array, with a byte known only at run time over
   records of three fields, from the middle of a record to the middle of another (the last partial
   record after the loop), and with 0 over records holding a pointer (the null pointer). Each was
   refused before ("memset/memcpy of N elements (hint: copy or clear large arrays with a loop)"); the
   compiler now clears them with a loop of its own, one element (one record) per iteration. */
#include <stdint.h>
#include <string.h>

struct R { int32_t n; int16_t m; uint8_t c; };
struct P { int32_t *p; int32_t v; };

uint32_t words[1500];
uint16_t halves[1200];
struct R recs[1100];
struct P ptrs[1030];
volatile uint8_t fill = 0x5A;
uint32_t result;

int main(void) {
  for (int i = 0; i < 1500; i++)
    words[i] = (uint32_t)i * 2654435761u;
  for (int i = 0; i < 1200; i++)
    halves[i] = (uint16_t)(i * 40503u);
  for (int i = 0; i < 1100; i++) {
    recs[i].n = i * 7;
    recs[i].m = (int16_t)-i;
    recs[i].c = (uint8_t)(i ^ 0x33);
  }
  for (int i = 0; i < 1030; i++) {
    ptrs[i].p = (i & 1) ? &words[i & 7] : 0;
    ptrs[i].v = i;
  }
  memset(words, 0, sizeof words);
  memset(halves, 0xA5, sizeof halves);
  memset(words + 200, 0x3C, 1100 * sizeof words[0]);
  memset(recs + 3, fill, 1050 * sizeof recs[0]);
  memset(&recs[2].m, 0x7F, 1000 * sizeof recs[0] + 3);
  ptrs[5].p = &words[300];
  memset(ptrs + 7, 0, 1020 * sizeof ptrs[0]);
  for (int i = 0; i < 1030; i += 3)
    result = result * 31 + (ptrs[i].p == 0 ? 7u : (uint32_t)*ptrs[i].p) + (uint32_t)ptrs[i].v;
  for (int i = 0; i < 1100; i += 7)
    result = result * 31 + (uint32_t)recs[i].n + (uint32_t)(uint16_t)recs[i].m + recs[i].c;
  return 0;
}
