#include <stdint.h>
extern uint32_t total;
uint32_t count(uint32_t x);
