/* chls_hex: a value of `width` bits held in 32-bit words, printed as 0x... (package data of cryptohls,
   src/cryptohls/sim/runtime/chls_hex.h): the state a whole program leaves, written alike by its native
   run and its RTL run (sim/program.py). */
#ifndef CRYPTOHLS_CHLS_HEX_H
#define CRYPTOHLS_CHLS_HEX_H
#include <stdio.h>
/* The compiler's own names for the types, not <stdint.h>: the native harness includes this after the
   program, whose own typedef of uint32_t may differ from the C library's (`unsigned long` in code
   written for 32-bit machines) and would clash with it. */
typedef __UINT32_TYPE__ chls_u32;
typedef __UINT64_TYPE__ chls_u64;
static void __attribute__((unused)) chls_hex(FILE *f, const chls_u32 *w, int width) {
  int n = (width + 31) / 32, started = 0;
  fputs("0x", f);
  for (int i = n - 1; i >= 0; i--) {
    chls_u32 v = w[i];
    if (i == n - 1 && width % 32) v &= ((chls_u32)1 << (width % 32)) - 1;
    if (started) fprintf(f, "%08x", (unsigned)v);
    else if (v || i == 0) { fprintf(f, "%x", (unsigned)v); started = 1; }
  }
  fputc('\n', f);
}
#endif
