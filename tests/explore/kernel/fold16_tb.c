/* Testbench of fold16.c: four known answers, computed independently (Python, in
 * tests/explore/test_explore.py::test_fold16_reference). Exit status = number of wrong answers. */
#include <stdint.h>
#include <stdio.h>

uint32_t fold16(const uint32_t in[16]);

static const uint32_t EXPECTED[4] = {0xfeace3a7u, 0xda2ec725u, 0xb7a8aaa3u, 0x252b3820u};

int main(void) {
    uint32_t in[16];
    int errors = 0;
    for (int t = 0; t < 4; t++) {
        for (int i = 0; i < 16; i++)
            in[i] = (uint32_t)(t * 0x01000193u) ^ (uint32_t)(i * 0x27d4eb2du);
        uint32_t got = fold16(in);
        printf("fold16 #%d = %08x\n", t, (unsigned)got);
        if (got != EXPECTED[t])
            errors++;
    }
    return errors;
}
