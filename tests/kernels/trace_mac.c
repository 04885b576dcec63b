#include <stdint.h>
#include <stdio.h>
/* Debug output in a kernel (issue 20 item 2): the fprintf in the loop body and the one after it are
   ignored in hardware (one warning per call site) and kept in csim; they write to stderr, so the
   testbench's stdout is the same in csim and cosim. */
uint32_t trace_mac(const uint16_t a[8], const uint16_t b[8]) {
  uint32_t acc = 0;
  for (int i = 0; i < 8; i++) {
    acc += (uint32_t)a[i] * b[i];
    fprintf(stderr, "trace_mac: i=%d acc=%u\n", i, (unsigned)acc);
  }
  if (fprintf(stderr, "trace_mac: done\n") < 0)   /* a used result reads as 0 in hardware */
    acc = 0;
  return acc ^ (acc >> 16);
}
