/* Accesses on a branch taken only when a pointer is null (Csmith subset seed 100135:
   `if ((void*)0 != g_16) {…} else {… (**g_16) …}`). On that branch clang's optimiser replaces the
   pointer by the constant null, and keeps the access when it is volatile: `load volatile ptr, ptr
   null`. The access is never run (it would be undefined), but the import met it and refused the
   program ("access of 64 bits to 'null' whose elements have 0 bits"). */
#include <stdint.h>

static volatile int8_t byte = 0x41;
static volatile int8_t *volatile ptr = &byte;
static volatile int8_t *volatile *pp = &ptr;   /* never null */
static int32_t word = 7;
static int32_t *volatile wp = &word;
static int32_t *volatile *wpp = &wp;           /* never null */

int32_t sum;
int8_t last;

int main(void) {
  for (int k = 0; k < 4; k++) {
    if (pp == 0)
      last = **pp;                /* a load through null (and one through what it read) */
    else
      last = (int8_t)(**pp + k);
    if (wpp == 0)
      *wpp = &word;               /* a store through null */
    else
      **wpp += k;
    sum = sum * 31 + last + word;
  }
  return 0;
}
