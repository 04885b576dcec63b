/* Shared helpers of the kernel testbenches: inputs from a fixed-seed PRNG, exact checks, a digest of
 * every checked value (printed, so csim and cosim runs can be compared line for line). Each
 * testbench computes its expected values itself, in plain C. */
#ifndef TB_CHECK_H
#define TB_CHECK_H
#include <stdint.h>
#include <stdio.h>

static int tb_errors = 0;
static uint64_t tb_digest = 1469598103934665603ull; /* FNV-1a offset basis */
static uint64_t tb_state = 0x9e3779b97f4a7c15ull;

static inline uint64_t tb_rand64(void) { /* splitmix64 */
  uint64_t z = (tb_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline uint32_t tb_rand32(void) { return (uint32_t)(tb_rand64() >> 32); }

static inline void tb_check(const char *what, int index, uint64_t got, uint64_t expected) {
  tb_digest = (tb_digest ^ got) * 1099511628211ull;
  if (got != expected) {
    if (tb_errors < 10)
      printf("MISMATCH %s[%d]: got 0x%llx expected 0x%llx\n", what, index, (unsigned long long)got,
             (unsigned long long)expected);
    tb_errors++;
  }
}

static inline int tb_finish(const char *name) {
  printf("%s %s digest=%016llx errors=%d\n", name, tb_errors ? "FAIL" : "PASS", (unsigned long long)tb_digest,
         tb_errors);
  return tb_errors ? 1 : 0;
}
#endif
