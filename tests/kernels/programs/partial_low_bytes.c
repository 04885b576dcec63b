/* A copy of the low bytes of a local into a wider global: SROA stores an i48 at byte 0 of a uint64_t
 * (an i24 at byte 0 of a uint32_t), which must keep the global's high bytes. Before the union27 branch
 * the import took such a store for a whole element and wrote it zero-extended: the high bytes became 0,
 * silently (found while reviewing that branch; no Csmith program of the campaign reached it). */
#include <stdint.h>
#include <string.h>

static uint64_t g = 0xAAAABBBBCCCCDDDDULL;
static uint32_t w[2] = {0xA1B2C3D4u, 0x01020304u};
uint64_t sum;

int main(void) {
    for (int i = 0; i < 4; i++) {
        uint64_t l = 0x1122334455667788ULL * (uint64_t)(i + 1);
        uint32_t m = 0x9E3779B9u * (uint32_t)(i + 3);
        memcpy(&g, &l, 6);
        memcpy(&w[i & 1], &m, 3);
        sum = sum * 31u + g + w[0] + ((uint64_t)w[1] << 32);
        g += 0x0101000000000000ULL;
        w[i & 1] += 0x11000000u;
    }
    return 0;
}
