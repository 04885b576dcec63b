/* An array of unions of one 26-bit bit-field, some innermost arrays initialised to 0: clang types the
 * global after its constant, a packed struct whose rows mix `[1 x { i8, i8, i8, i8 }]` (a non-zero
 * element, as its bytes) and `[1 x %union.U0] zeroinitializer`, while the code indexes it as
 * [4 x [3 x [1 x %union.U0]]] at run time (steps of 12 and 4 bytes that select no field of that
 * struct). Reduced from Csmith subset seed 600
 * (program.c:495, refused as "access into 'g_262' that does not select a whole field"; the seed itself
 * compiled only because another access cut a field of g_262). Held as bytes: each access reads or
 * writes the bytes it covers; a bit-field write keeps bits 26-31 of its word. */
#include <stdint.h>

union U0 { volatile unsigned f0 : 26; };

static volatile union U0 g[4][3][1] = {{{{7UL}}, {{0UL}}, {{4294967293UL}}}, {{{0UL}}, {{5UL}}, {{1UL}}},
                                       {{{4294967288UL}}, {{3UL}}, {{0UL}}},
                                       {{{0x7FCE753BUL}}, {{9UL}}, {{0x2C3C599FUL}}}};
uint32_t before, after;

static uint32_t digest(void) {
    uint32_t s = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            s = s * 31u + g[i][j][0].f0;
    return s;
}

int main(void) {
    before = digest();
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            g[i][j][0].f0 = g[(i + 1) % 4][(j + 2) % 3][0].f0 + (uint32_t)(i * 3 + j) * 0x1234567u;
    after = digest();
    return 0;
}
