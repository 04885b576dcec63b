/* Testbench for pick_after_probe: per message one call with the key word only, then one with the data
 * word only (the free-running design polls between calls with both streams empty). */
#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

typedef ap_uint<64> word_t;
void pick_after_probe(hls::stream<word_t> &key, hls::stream<word_t> &data, hls::stream<word_t> &out);

int main(void) {
  hls::stream<word_t> key, data, out;
  for (unsigned m = 0; m < 3; m++) {
    key.write(word_t(0x1000u * (m + 1)));
    pick_after_probe(key, data, out);
    data.write(word_t(7u + m));
    pick_after_probe(key, data, out);
  }
  while (!out.empty()) printf("out %08x\n", (unsigned)out.read().to_uint64());
  return 0;
}
