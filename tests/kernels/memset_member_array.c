/* memset and a struct copy over a record whose array member is indexed at run time (kept as one
 * memory of its own): every element of the member is cleared or copied, not only its first. */
#include <stdint.h>
#include <string.h>

struct record {
    uint8_t tag;
    uint32_t v[8];
};

uint32_t memset_member_array(uint32_t i, uint32_t x) {
    struct record s, t;
    memset(&s, 0, sizeof s);
    s.tag = (uint8_t)x;
    s.v[i & 7] = x;
    t = s;
    t.v[(i >> 3) & 7] += 1;
    uint32_t sum = t.tag;
    for (int k = 0; k < 8; k++) sum = sum * 3 + t.v[k];
    return sum;
}
