/* Unions `{ i64 }` (and `{ i32 }`) copied whole after a member of their first bytes was written: SROA
 * splits the local into the bytes the member covers and the rest, and copies it as an i16 at byte 0
 * and an i48 at byte 2 (an i8 and an i24 at byte 1 for the `{ i32 }`), into a global, into an array
 * element chosen at run time and through a pointer into a pool of both; the copy of an element into a
 * local reads it in the same pieces. Reduced from Csmith subset seeds 3136 (`union U2 { uint64_t f0;
 * signed f1 : 10; }`, program.c:115, `g_25 = l_23`) and 5129 (`union U1 { uint64_t f0; uint16_t f1;
 * ... }`, program.c:113, `g_149 = l_147`), both refused as "access to 'g_25' is not aligned to its
 * elements": the i48 was taken for a whole element at byte 2. */
#include <stdint.h>

union B { uint64_t f0; signed f1 : 10; };
union H { uint64_t f0; uint16_t f1; int64_t f2; uint8_t f3; };
union W { uint32_t f0; uint8_t f1; };

static union B g = {0x440271DBCABEBF3BULL};
static union B arr[3] = {{1ULL}, {0x8000000000000001ULL}, {0xFFFFFFFFFFFFFFFFULL}};
static union H pooled = {1ULL};
static union H table[4] = {{2ULL}, {3ULL}, {0xFFFFFFFFFFFFFFFFULL}, {0x123456789ABCDEF0ULL}};
static union W words[3] = {{0xDEADBEEFu}, {7u}, {0x80000000u}};
uint64_t sum0;
int32_t sum1;
uint32_t sum2;

int main(void) {
    union B l = {0xB91EE4CFF15CC7C4ULL};
    union H k = {0x7A0C5E3D9B1F4421ULL};
    union W m = {0xC0FFEE11u};
    for (int i = 0; i < 6; i++) {
        sum0 = sum0 * 31u + g.f0 + l.f0 + k.f0 + pooled.f0 + table[(i + 1) & 3].f2;
        sum1 = sum1 * 7 + g.f1 + arr[(i + 2) % 3].f1;
        if (i & 1) {
            l.f1 = i * 100 - 300;
            k.f1 = (uint16_t)(i * 4099u);
        }
        g = l;
        arr[i % 3] = l;
        union H *p = (i & 2) ? &pooled : &table[i & 3];
        *p = k;
        m.f1 = (uint8_t)(i * 37u);
        words[i % 3] = m;
        sum2 = sum2 * 17u + m.f0 + words[(i + 2) % 3].f0;
        union H c = table[(i + 3) & 3];
        c.f3 += 5;
        sum0 ^= c.f0 + c.f1 + arr[(i + 1) % 3].f0;
        table[i & 3] = c;
    }
    return 0;
}
