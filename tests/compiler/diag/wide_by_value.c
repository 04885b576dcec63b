#include <stdint.h>
uint32_t top(unsigned _BitInt(256) v) { return (unsigned)(v >> 100); }
