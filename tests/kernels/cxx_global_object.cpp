/* A namespace-scope C++ object whose constructor is not a constant expression (a loop over a member
 * array, through a base class constructor): clang builds it from @llvm.global_ctors before main, and
 * the hardware on the top's first call (frontend/cxx_init.py); before that fix the object started as
 * zeros in the RTL and cosim differed from csim. */
#include <stdint.h>

class Table {
public:
    Table() {
        for (int i = 0; i < 16; i++)
            v[i] = (uint16_t)(i * 0x1111 + 7);
    }

protected:
    uint16_t v[16];
};

class Counter : public Table {
public:
    Counter() : steps(3) {}
    uint16_t step(uint8_t x) {
        v[x & 15] = (uint16_t)(v[x & 15] + x + steps);
        steps++;
        return (uint16_t)(v[x & 15] ^ v[(x >> 4) & 15]);
    }

private:
    uint16_t steps;
};

Counter counter;

uint16_t cxx_global_object(uint8_t x) { return counter.step(x); }
