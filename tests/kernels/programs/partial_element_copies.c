/* memcpy and memset of a run of bytes that starts or ends inside an element of an integer array, as
 * clang keeps them after opt: `g = l` of a `union { uint32_t f0; signed f1 : 3; }` from a constant
 * local is a 3-byte memcpy at byte 1 of the 4-byte element (Csmith subset seed 6779). Before the
 * partcopy27 branch each was refused ("memset/memcpy of part of an element"); the bytes they leave out
 * must keep their values. */
#include <stdint.h>
#include <string.h>

union U0 { uint32_t f0; signed f1 : 3; };

static union U0 g_27 = {0xA1B2C3D4u};
static uint32_t w[3] = {0x11223344u, 0x55667788u, 0x99AABBCCu};
static uint32_t v[2] = {0xCAFEBABEu, 0x0BADF00Du};
static uint32_t from[2];
uint32_t sum;

static void mix(void) {
    sum = sum * 31u + g_27.f0 + (uint32_t)g_27.f1;
    sum = sum * 31u + w[0] + w[1] * 3u + w[2] * 5u + v[0] * 7u + v[1] * 11u;
}

int main(void) {
    const union U0 l_25 = {0x0DDBA11u};
    const uint32_t table[2] = {0x76543210u, 0xFEDCBA98u};
    for (int i = 0; i < 4; i++) {
        from[i & 1] = 0x9E3779B9u * (uint32_t)(i + 3);
        memcpy((char *)&g_27 + 1, (const char *)&l_25 + 1, 3);            /* opt: a store of an i24 at byte 1 */
        mix();
        memcpy((char *)&w[i % 3] + 1, (const char *)&table[i & 1] + 1, 3); /* inside one element, from a constant */
        mix();
        memcpy((char *)&w[i & 1] + 1, (const char *)&from[i & 1] + 1, 3); /* inside one element, a variable */
        mix();
        memset((char *)&v[i & 1] + 1, 0x5A + i, 2);                       /* bytes 1-2 of an element */
        mix();
        memset((char *)&v[0] + 1, 0xC3 ^ i, 3);                           /* bytes 1-3 */
        mix();
        memcpy((char *)w + 1, (const char *)&from[0] + 2, 5);             /* a range crossing two elements */
        mix();
        g_27.f0 += 0x01010101u;
        w[2] ^= (uint32_t)i << 9;
    }
    return 0;
}
