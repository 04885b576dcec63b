/* Finding (a refusal until branch supercop28): SHA-1 padding as library code writes it, memset with a
 * length known only at run time.
 * cryptohls compile tests/perf/findings/memset_runtime_len.c --top pad
 *   -> was: memset_runtime_len.c:8:3: error: 'memset' with a length computed at run time is not supported
 *   -> now a byte loop of the compiler's own (frontend/import_memops.py); cosim with tb_pad.c passes */
#include <stdint.h>
#include <string.h>
void pad(uint8_t block[64], int used) {
  memset(block + used, 0, 56 - used);
}
