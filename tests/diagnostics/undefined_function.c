// A call to a function whose body is not in the source cannot be synthesized.
// expect: 7:35: undefined function && external_mix
#include <stdint.h>

extern uint32_t external_mix(uint32_t x);

uint32_t top(uint32_t x) { return external_mix(x) ^ x; }
