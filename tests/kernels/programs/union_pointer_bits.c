/* A union of an integer and pointers, passed by value: clang's x86-64 ABI passes it as a `ptr`, so
   its integer member is read as `load ptr` then `ptrtoint` (or `icmp ne ptr %p, null`). The union
   never held a pointer to an object, and the import took the loaded pointer for the null pointer:
   `seen` read 0 and `p.f2 != 0` was false where the union held 1 (Csmith subset seed 5557). */
#include <stdint.h>

union U9 { uint32_t f0; const volatile int8_t *f1; const int8_t *f2; };

static union U9 g_38 = {1UL};
static union U9 g_zero = {0UL};
static union U9 g_cleared = {5UL};
int8_t arr[4] = {5, -6, 7, 8};
static union U9 g_held = {.f2 = &arr[3]};
static volatile union U9 g_38v = {1UL}, g_zerov = {0UL};   /* loaded on each path: a phi of them */
uint32_t seen_joined[4];
int32_t joined_count;
int32_t g_10 = 0x100;
uint32_t seen, seen_zero, seen_cleared, seen_chosen[4];
int32_t nonnull, nonnull_zero, nonnull_cleared, sum, unset;
static const int8_t *g_unset;     /* a pointer only ever null */
struct S { const int8_t *p[3]; int32_t x; };   /* null pointers in a record's array member */
static struct S g_recs[4] = {{{0, 0, 0}, 1}, {{0, 0, 0}, 2}, {{0, 0, 0}, 3}, {{0, 0, 0}, 4}};
int32_t unset_in_records;

static uint32_t low(union U9 p) { return p.f0; }
static int32_t is_set(union U9 p) { return p.f2 != 0; }
static int32_t deref(union U9 p) { return *p.f2; }

int main(void) {
    seen = low(g_38);
    g_10 |= (low(g_38) != 0);
    nonnull = is_set(g_38);
    seen_zero = low(g_zero);
    nonnull_zero = is_set(g_zero);
    g_cleared.f2 = 0;                 /* the null pointer: all its bytes 0 */
    seen_cleared = low(g_cleared);
    nonnull_cleared = is_set(g_cleared);
    for (int i = 0; i < 4; i++) {     /* a union that holds a real pointer keeps working */
        sum = sum * 3 + deref(g_held);
        if (arr[i] > 0)
            g_held.f2 = &arr[i];
    }
    g_held.f2 = 0;
    for (int i = 0; i < 4; i++)       /* chosen at run time: a select or a phi of such pointers */
        seen_chosen[i] = low(arr[i] > 0 ? g_38 : g_zero) + (is_set(i & 1 ? g_zero : g_38) << 4);
    for (int i = 0; i < 4; i++) {
        union U9 u;
        if (arr[i] > 6) {
            joined_count += arr[i];
            u = g_38v;
        } else {
            u = g_zerov;
        }
        seen_joined[i] = low(u) + (is_set(u) << 8);
    }
    unset = g_unset == 0 ? 3 : *g_unset;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            unset_in_records = unset_in_records * 5 + (g_recs[i].p[(uint8_t)(j + arr[i]) % 3] == 0 ? g_recs[i].x : 7);
    return 0;
}
