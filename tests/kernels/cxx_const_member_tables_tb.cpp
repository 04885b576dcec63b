#include <ap_int.h>
#include "tb_check.h"
uint32_t cxx_const_member_tables(uint32_t x, uint64_t key);
/* the model: the same computation on 64-bit halves, the table from its formula */
static uint32_t model(uint32_t x, uint64_t key) {
    const uint16_t mix[8] = {0x0102, 0x0304, 0x0506, 0x0708, 0x090a, 0x0b0c, 0x0d0e, 0x0f10};
    const uint32_t words[4] = {0x01234567, 0x89abcdef, 0xdeadbeef, 0x0badf00d};
    uint64_t hi[4], lo[4];
    hi[0] = key;
    lo[0] = ~key;
    for (int i = 1; i < 4; i++) {   /* k ^ (k << 9) ^ words[i], 128 bits as two halves */
        uint64_t shi = hi[i - 1] << 9 | lo[i - 1] >> 55, slo = lo[i - 1] << 9;
        hi[i] = hi[i - 1] ^ shi;
        lo[i] = lo[i - 1] ^ slo ^ words[i];
    }
    uint32_t acc = x;
    for (int r = 0; r < 4; r++) {
        uint32_t i = (acc ^ (uint32_t)lo[r]) % 1280;
        acc = (acc << 5 | acc >> 27) + (uint8_t)(i * 167 + 13);
        acc ^= mix[(acc >> 3) & 7] * (uint32_t)hi[r];
    }
    return acc;
}
int main() {
    for (int n = 0; n < 24; n++) {
        uint32_t x = tb_rand32();
        uint64_t key = tb_rand64();
        tb_check("run", n, cxx_const_member_tables(x, key), model(x, key));
    }
    return tb_finish("cxx_const_member_tables");
}
