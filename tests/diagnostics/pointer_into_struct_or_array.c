// One pointer that may point into an array or into a field of a packed struct with bit-fields
// (kept whole: its fields are not all aligned), the shape of Csmith subset seeds 100203, 100793,
// 100848, 100994. Refused, located at the store that first lets the pointer point into both
// (points_to.py's joined_at); it was located at the first instruction that asked for the pool, here
// the loop of top, in the campaign a line of csmith.h.
// expect: 23:13: one pointer may point into struct 'rec' or into array 'arr'
#include <stdint.h>

#pragma pack(1)
struct packed { unsigned f0 : 31; signed f2 : 3; int32_t f3; };
#pragma pack()

static int32_t arr[1] = {5};
static struct packed rec = {7u, 1, -2};
static int32_t *ptr = &arr[0];

static int32_t *field_of_rec(void) { return &rec.f3; }

uint32_t top(uint32_t sel) {
    for (int i = 0; i < 3; i++)
        arr[0] += i;
    if (sel & 1u)
        ptr = field_of_rec();
    *ptr += 1;
    return (uint32_t)arr[0] + (uint32_t)rec.f3 + rec.f0;
}
