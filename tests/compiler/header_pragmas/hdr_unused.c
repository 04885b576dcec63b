/* Top for the unused-helper test: unused_helpers.h has pragmas in a function nothing calls. */
#include "unused_helpers.h"

unsigned hdr_unused(unsigned a) {
    return used_twice(a);
}
