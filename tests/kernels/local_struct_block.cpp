/* A local struct with an array member of ap_uint<64> (issue 32 item 5, as hash functions keep their
 * state): indexed in loops, passed by reference to a function; the struct sits in a namespace
 * (clang names its LLVM type with quotes, %"struct.hash::Block"). */
#include <stdint.h>
#include <ap_int.h>

namespace hash {
struct Block {
    ap_uint<64> M[25];
};

static void mix(Block &b, int rounds) {
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < 25; i++) {
            ap_uint<64> next = b.M[(i + 1) % 25];
            b.M[i] ^= (next << 1 | next >> 63) + r;
        }
}
}  // namespace hash

uint64_t local_struct_block(uint64_t seed) {
    hash::Block b0;
    for (int i = 0; i < 25; i++) b0.M[i] = seed * (uint64_t)(i + 1);
    hash::mix(b0, 3);
    uint64_t x = 0;
    for (int i = 0; i < 25; i++) x = (x << 3 | x >> 61) ^ b0.M[i].to_uint64();
    return x;
}
