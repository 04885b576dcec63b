/* Testbench for df_nb (DATAFLOW, free-running, read_nb): one call per word natively; outputs checked at the end. */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

void df_nb(hls::stream<uint32_t> &in, hls::stream<uint32_t> &out, uint32_t k);

int main(void) {
  hls::stream<uint32_t> in, out;
  const int n = 6;
  for (int i = 0; i < n; i++) in.write(0x01000193u * (uint32_t)(i + 1));
  for (int i = 0; i < n; i++) df_nb(in, out, 0x9e3779b9u);
  int got = 0;
  while (!out.empty()) printf("out %d %08x\n", got++, (unsigned)out.read());
  return got == n ? 0 : 1;
}
