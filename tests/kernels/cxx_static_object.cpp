/* A C++ object as software keeps it (issue 16 item 3): a class with a constructor, methods that use
 * `this`, a member array indexed at run time, static const member tables and a const reference
 * argument; the object is a static local of the top, constructed on its first call (C++ [stmt.dcl]:
 * a guard register, frontend/cxx_init.py) and kept from one call to the next. */
#include <stdint.h>

class Accumulator {
public:
    Accumulator() {
        for (int i = 0; i < 8; i++)
            hist[i] = SEED[i];
    }
    void add(uint32_t x) { hist[x & 7] += WEIGHT[(x >> 3) & 3] * x; }
    void reset(const uint32_t &value) {
        for (int i = 0; i < 8; i++)
            this->hist[i] = value + (uint32_t)i;
    }
    uint32_t total() const {
        uint32_t t = 0;
        for (int i = 0; i < 8; i++)
            t = ((t << 3) | (t >> 29)) ^ hist[i];
        return t;
    }

private:
    static const uint32_t SEED[8];
    static const uint8_t WEIGHT[4];
    uint32_t hist[8];
};

const uint32_t Accumulator::SEED[8] = {0x01234567, 0x89abcdef, 0x0f1e2d3c, 0x4b5a6978,
                                       0x87969584, 0xc3d2e1f0, 0x13579bdf, 0x2468ace0};
const uint8_t Accumulator::WEIGHT[4] = {1, 3, 5, 7};

uint32_t cxx_static_object(uint8_t op, uint32_t x) {
    static Accumulator acc;
    if (op == 1)
        acc.reset(x);
    else if (op == 2)
        acc.add(x);
    return acc.total();
}
