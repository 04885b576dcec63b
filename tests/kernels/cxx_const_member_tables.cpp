/* A class whose base class holds its look-up tables as non-static `const` member arrays with default
 * initialisers, of mixed element types (issue 32 item 4): the constructor copies each table from a
 * constant, and the objects live in a namespace (clang names their LLVM types with quotes,
 * %"class.tables::Base"). One table is longer than 1024 elements; the derived class adds a 128-bit
 * key array that clang writes as two 64-bit halves. */
#include <stdint.h>
#include <ap_int.h>

#define V(i) (uint8_t)((i) * 167 + 13)
#define V4(i) V(i), V((i) + 1), V((i) + 2), V((i) + 3)
#define V16(i) V4(i), V4((i) + 4), V4((i) + 8), V4((i) + 12)
#define V64(i) V16(i), V16((i) + 16), V16((i) + 32), V16((i) + 48)
#define V256(i) V64(i), V64((i) + 64), V64((i) + 128), V64((i) + 192)

namespace tables {
class Base {
public:
    const uint8_t bytes[1280] = {V256(0), V256(256), V256(512), V256(768), V256(1024)};
    const uint16_t mix[8] = {0x0102, 0x0304, 0x0506, 0x0708, 0x090a, 0x0b0c, 0x0d0e, 0x0f10};
    const ap_uint<32> words[4] = {0x01234567, 0x89abcdef, 0xdeadbeef, 0x0badf00d};
};

class Keyed : public Base {
public:
    ap_uint<128> keys[4];
    void set(ap_uint<128> key) {
        keys[0] = key;
        for (int i = 1; i < 4; i++) keys[i] = keys[i - 1] ^ (keys[i - 1] << 9) ^ words[i].to_uint();
    }
    uint32_t run(uint32_t x) {
        uint32_t acc = x;
        for (int r = 0; r < 4; r++) {
            ap_uint<128> k = keys[r];
            acc = (acc << 5 | acc >> 27) + bytes[(acc ^ (uint32_t)k.range(31, 0)) % 1280];
            acc ^= mix[(acc >> 3) & 7] * (uint32_t)k.range(95, 64).to_uint();
        }
        return acc;
    }
};
}  // namespace tables

uint32_t cxx_const_member_tables(uint32_t x, uint64_t key) {
    tables::Keyed k;
    k.set((ap_uint<128>(key) << 64) | ap_uint<128>(~key));
    return k.run(x);
}
