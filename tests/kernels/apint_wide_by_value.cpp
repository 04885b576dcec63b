/* An ap_uint<256> passed by value (issue 32: the Vitis library's AES-256 key): the C ABI passes it in
 * memory (a pointer to a copy, `byval`); the top reads it as slices of a 256-bit input port. */
#include <ap_int.h>

ap_uint<64> apint_wide_by_value(ap_uint<256> key, ap_uint<64> x) {
    ap_uint<64> acc = x;
    for (int i = 0; i < 4; i++) acc ^= key.range(64 * i + 63, 64 * i) + i;
    return acc;
}
