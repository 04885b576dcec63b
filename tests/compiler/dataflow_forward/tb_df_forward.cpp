/* Testbench for df_forward: three messages of 8, 1 and 5 words in one call. */
#include <stdint.h>
#include <stdio.h>

#include "hls_stream.h"

void df_forward(hls::stream<uint32_t> &in, hls::stream<uint32_t> &len, hls::stream<uint32_t> &out);

int main(void) {
  hls::stream<uint32_t> in, len, out;
  const uint32_t sizes[3] = {8, 1, 5};
  uint32_t x = 1;
  for (int m = 0; m < 3; m++) {
    len.write(sizes[m]);
    for (uint32_t i = 0; i < sizes[m]; i++) in.write(x = x * 1103515245u + 12345u);
  }
  len.write(0);
  df_forward(in, len, out);
  int got = 0;
  while (!out.empty()) printf("digest %d %08x\n", got++, (unsigned)out.read());
  return got == 3 ? 0 : 1;
}
