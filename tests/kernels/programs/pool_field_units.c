/* A struct's 8-byte field in a pool of 4-byte units (`union U { uint32_t b[2]; uint64_t a; }`, typed
   after b: [2 x i32]), with records of that struct: record r of the field is units first + 2r,
   not first + r (import_memory.py field_pointer; a mismatch while pools of units were written). */
#include <stdint.h>
union U { uint32_t b[2]; uint64_t a; };
struct S { uint8_t tag; uint64_t val; };
static union U u = {{1, 2}};
static struct S s[2] = {{9, 0x0102030405060708}, {10, 0x1112131415161718}};
static uint64_t *volatile p = &u.a;
uint32_t result;
int main(void) {
  for (int k = 0; k < 4; k++) {
    if (k == 1) p = &s[1].val;
    if (k == 3) p = &s[0].val;
    *p += (uint64_t)k << 36;
    s[k & 1].val ^= 0x55u << k;
    result = result * 31 + (uint32_t)*p + (uint32_t)(*p >> 32) + u.b[1] + (uint32_t)s[1].val + (uint32_t)(s[0].val >> 32) + s[1].tag;
  }
  return 0;
}
