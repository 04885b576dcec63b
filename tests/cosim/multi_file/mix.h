#include <stdint.h>
uint32_t mix(uint32_t x);
