/* A port argument written in part by a core whose calls overlap (the return state starts the next
 * call: every input read in the first state, which writes no port). The write is in the return state:
 * it goes out with the last call's other bits, and only then does the output register take the new
 * call's input (codegen/control.py; tests/kernels/partial_port_write.c has the plain case). */
#include <stdint.h>

void partial_write_overlap(uint64_t *w, uint32_t a) {
  uint32_t t = a;
  for (uint32_t i = 0; i < (a & 3); i++)   /* a loop the compiler cannot unroll: the call has blocks */
    t = t * 5u + (a >> i);
  ((uint32_t *)w)[1] = t;                  /* bits 32..63; bits 0..31 stay the caller's */
}
