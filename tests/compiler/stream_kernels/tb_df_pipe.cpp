/* Testbench for df_pipe (DATAFLOW, free-running, 4 words per run): outputs checked at the end. */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

void df_pipe(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint32_t k);

int main(void) {
  hls::stream<uint32_t> in, out;
  const int n = 12;
  for (int i = 0; i < n; i++) in.write(0x01000193u * (uint32_t)(i + 1));
  for (int run = 0; run < n / 4; run++) df_pipe(in, out, 0x5bd1e995u);
  int got = 0;
  while (!out.empty()) printf("out %d %08x\n", got++, (unsigned)out.read());
  return got == n ? 0 : 1;
}
