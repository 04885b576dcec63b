/* chls_hex: a value of `width` bits held in 32-bit words, printed as 0x... (package data of cryptohls,
   src/cryptohls/sim/runtime/chls_hex.h): the state a whole program leaves, written alike by its native
   run and its RTL run (sim/program.py). */
#ifndef CRYPTOHLS_CHLS_HEX_H
#define CRYPTOHLS_CHLS_HEX_H
#include <stdint.h>
#include <stdio.h>
static void __attribute__((unused)) chls_hex(FILE *f, const uint32_t *w, int width) {
  int n = (width + 31) / 32, started = 0;
  fputs("0x", f);
  for (int i = n - 1; i >= 0; i--) {
    uint32_t v = w[i];
    if (i == n - 1 && width % 32) v &= ((uint32_t)1 << (width % 32)) - 1;
    if (started) fprintf(f, "%08x", (unsigned)v);
    else if (v || i == 0) { fprintf(f, "%x", (unsigned)v); started = 1; }
  }
  fputc('\n', f);
}
#endif
