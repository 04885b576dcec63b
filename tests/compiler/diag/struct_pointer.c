#include <stdint.h>
struct pt { uint32_t x, y; };
uint32_t top(const struct pt *p) { return p->x + p->y; }
