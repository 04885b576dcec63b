/* Finding (compiler crash, not a located error): a constant-length memcpy from a byte array argument
 * into a local array of 32-bit words, then a loop over the words (SHA-1's "memcpy(data, buffer, 64)"
 * block fill, here 16 bytes).
 * cryptohls compile tests/perf/findings/memcpy_bytes_arg_to_words_crash.c --top mc -o OUT
 *   -> Python traceback ending in codegen/rtl.py _load_expr: return V.Ref(self.ports[mem.name]["q"])
 *      KeyError: 'q'   (the same for 32 and 64 bytes; `return w[1]` after the memcpy compiles)
 * Expected: four 32-bit words built from the byte port (or a located refusal), never a traceback. */
#include <stdint.h>
#include <string.h>
uint32_t mc(const uint8_t in[16]) {
  uint32_t words[4];
  memcpy(words, in, 16);
  uint32_t x = 0;
  for (int i = 0; i < 4; i++) x ^= words[i];
  return x;
}
