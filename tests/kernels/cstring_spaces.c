/* Byte arrays whose initializers hold runs of spaces: clang writes them as c"..." strings, and the
 * LLVM reader once collapsed each run to one space, so the memory lost its last bytes (Csmith subset
 * seed 136: uint8_t g_47[2] = {0x20, 0x20} came out as {0x20, 0}). */
#include <stdint.h>

static uint8_t pad[4] = {0x20, 0x20, 0x20, 0x41};
static const char text[12] = "a  b   c  ";

uint32_t cstring_spaces(uint32_t i) {
  pad[i & 3] ^= (uint8_t)(i >> 4);
  return ((uint32_t)pad[(i >> 2) & 3] << 8) | (uint8_t)text[i % 12];
}
