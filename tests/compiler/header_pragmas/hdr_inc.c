/* Top for the -I header test: the loop and its PIPELINE are in inc/ipipe.h. */
#include <ipipe.h>

uint32_t hdr_inc(uint32_t seed, uint32_t n) {
    return ipipe_walk(seed, n);
}
