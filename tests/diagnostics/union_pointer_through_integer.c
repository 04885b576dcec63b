// A union of a pointer and an integer that holds a pointer, read through the integer (Csmith subset
// seed 100368). The union's storage holds a pointer as an index into what it points to, whose bits
// are no bytes of memory; the 16-bit accesses were taken as pieces of a one-word variable and kept
// 1 bit of the value (a miscompile, and a bit-select of a scalar that Verilator rejected). Now a
// located refusal, as for a union read through another member. (A union no pointer is ever stored
// into is a 64-bit integer and compiles: tests/kernels/programs/pool_of_unions.c.)
// expect: 17:37: access of 16 bits to 'g' && elements have 2 bits
#include <stdint.h>

union number_or_pointer { const int8_t *p; uint16_t n; };
static union number_or_pointer g = {0};
static const int8_t x = 3;
volatile uint16_t source = 0x1234;
uint32_t result;

// a call keeps the store: opt cannot forward it to every read
static void write(uint16_t v) { g.n = v; }

uint32_t top(void) {
    g.p = &x;
    result = (uint32_t)*g.p;
    write(source);
    write((uint16_t)(g.n + 1u));
    return result + g.n;
}
