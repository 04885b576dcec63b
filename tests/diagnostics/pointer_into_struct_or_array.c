// One pointer that may point into an array or into a field of a struct kept whole (a pointer to the
// struct itself is read from memory and moved to a field) that holds a pointer: the struct and the
// array cannot share a memory (not of one element type; not as bytes either: a pointer is held as
// an index, which has no bytes). Refused, located at the store that first lets the pointer point
// into both (points_to.py's joined_at). The shapes of Csmith subset seeds 100203, 100793, 100848 and
// 100994 that this file showed before compile since (tests/kernels/programs/field_pool_*.c,
// pool_struct_units.c).
// expect: 21:13: one pointer may point into struct 'rec' or into array 'arr'
#include <stdint.h>

struct holder { int32_t *ptr; int32_t count; };

static int32_t arr[2] = {5, 6};
static int32_t other = 9;
static struct holder rec = {&other, 7};
static struct holder *volatile hp = &rec;
static int32_t *ptr = &arr[0];

uint32_t top(uint32_t sel) {
    if (sel & 1u)
        ptr = &rec.count;
    *ptr += 1;
    struct holder *h = hp;
    h->count += *h->ptr;
    return (uint32_t)arr[0] + (uint32_t)rec.count;
}
