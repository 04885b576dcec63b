/* Stream kernel with non-blocking reads: n words out, taken from a when a word waits there, else from b
 * (top bit flipped); returns how many came from b. */
#include <stdint.h>

#include "hls_stream.h"

uint8_t merge2(hls::stream<uint32_t> &a, hls::stream<uint32_t> &b, hls::stream<uint32_t> &out, uint8_t n) {
  uint8_t from_b = 0;
  for (uint8_t i = 0; i < n;) {
    uint32_t w;
    if (a.read_nb(w)) {
      out.write(w);
      i++;
    } else if (b.read_nb(w)) {
      out.write(w ^ 0x80000000u);
      from_b++;
      i++;
    }
  }
  return from_b;
}
