/* Top for the header-pragma test: every pragma is in sum_helpers.h. */
#include "sum_helpers.h"

unsigned hdr_sum(unsigned a, unsigned b) {
    return mix_local(a, b);
}
