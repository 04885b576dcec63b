/* Finding (refusal, documented in docs/hls-c-guide.md 1.1): SHA-1 padding as library code writes it,
 * memset with a length known only at run time.
 * cryptohls compile tests/perf/findings/memset_runtime_len.c --top pad
 *   -> memset_runtime_len.c:8:3: error: 'memset' with a length computed at run time is not supported */
#include <stdint.h>
#include <string.h>
void pad(uint8_t block[64], int used) {
  memset(block + used, 0, 56 - used);
}
