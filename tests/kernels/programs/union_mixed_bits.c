/* A union laid out as its integer member (clang types `g` after the member it is initialised
   through: `{ i32, [4 x i8] }`) that also holds a pointer to an object. Such storage holds a pointer
   as its element index, so its integer bytes read through the pointer member were taken as one: the
   initial 0 as index 0, a valid non-null pointer to arr[0] (nonnull 1, deref 0 where native has 0
   and 7); and, with -D READ_INT, its integer member read back (clang passes the union by value as a
   `ptr`) was an index, 0x100 truncated (Csmith subset seed 5557). Both are refused at the read. */
#include <stdint.h>

union U9 { uint32_t f0; const int8_t *f2; };

#ifdef READ_INT
static union U9 g = {0x100UL};
#else
static union U9 g = {0UL};
#endif
int8_t arr[2];
int32_t nonnull, deref;
uint32_t low;

static int32_t is_set(union U9 p) { return p.f2 != 0; }
static uint32_t low_bits(union U9 p) { return p.f0; }

int main(void) {
    if (arr[0])
        g.f2 = &arr[1];
#ifdef READ_INT
    low = low_bits(g);
#else
    nonnull = is_set(g);
    deref = g.f2 ? *g.f2 : 7;
#endif
    g.f0 = 0;
    return 0;
}
