#include <ap_int.h>
#include "tb_check.h"
uint64_t local_struct_block(uint64_t seed);
static uint64_t model(uint64_t seed) {
    uint64_t m[25];
    for (int i = 0; i < 25; i++) m[i] = seed * (uint64_t)(i + 1);
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < 25; i++) {
            uint64_t next = m[(i + 1) % 25];
            m[i] ^= (next << 1 | next >> 63) + (uint64_t)r;
        }
    uint64_t x = 0;
    for (int i = 0; i < 25; i++) x = (x << 3 | x >> 61) ^ m[i];
    return x;
}
int main() {
    for (int n = 0; n < 16; n++) {
        uint64_t seed = tb_rand64();
        tb_check("hash", n, local_struct_block(seed), model(seed));
    }
    return tb_finish("local_struct_block");
}
