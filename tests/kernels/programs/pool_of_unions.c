/* Pointers to union members, read through other members (Csmith subset seeds 100122, 100491,
   100544, 100585, 100848, 100946).
   - `int32_t *p` into an int or into `u.half` of `union { int64_t; int32_t; int16_t; }`, and
     `uint8_t *` into a byte array or into `v.b` of `union { uint32_t w; uint8_t b; }`: the pool
     held elements of one size only ("whose elements differ in size"); it now holds 4-byte
     (1-byte) units, the union two of them (four), and a wider access reads several.
   - `union { int8_t *ptr; uint32_t word; int16_t low; }` used only through its integers: clang
     types it `{ ptr }`, held as a 1-bit index that no 32-bit access fit; no pointer is ever
     stored into it, so it is a 64-bit integer (a null pointer 0).
   - `uint64_t *` into a struct's field or into `w.f0` of `union { uint64_t f0; int16_t f1; }`, the
     union also read as f1: that 2-byte read of w (not of the struct) made the struct whole. */
#include <stdint.h>

union U { int64_t wide; int32_t half; int16_t quarter; };
union V { uint32_t w; uint8_t b; };
union P { int8_t *ptr; uint32_t word; int16_t low; };
union W { uint64_t f0; int16_t f1; };
struct S { uint8_t tag; uint64_t val; };

static union U u = {0x1122334455667788};
static int32_t l = 5;
static int32_t *volatile ip = &l;
static union V v = {0xA1B2C3D4};
static uint8_t bytes[2] = {246, 3};
static uint8_t *volatile bp = &bytes[1];
static union P pu;
static union W w = {0x8877665544332211};
static struct S s = {9, 0x0102030405060708};
static uint64_t *volatile wp = &w.f0;
uint32_t result;

int main(void) {
  for (int k = 0; k < 4; k++) {
    if (k == 1) {
      ip = &u.half;
      wp = &s.val;
    }
    if (k == 2)
      bp = &v.b;
    *ip += k;
    *bp ^= (uint8_t)(k + 1);
    *wp += (uint64_t)k << 40;
    pu.word += 3u * k + 1;
    u.quarter -= 7;
    result = result * 31 + (uint32_t)*ip + (uint32_t)u.wide + (uint32_t)(u.wide >> 32) + (uint32_t)u.quarter
           + (uint32_t)pu.low + pu.word + v.w + bytes[0] + bytes[1] + (uint32_t)w.f1 + (uint32_t)(*wp >> 32)
           + s.tag;
  }
  result += (uint32_t)l + (uint32_t)(s.val >> 40) + (uint32_t)(w.f0 >> 40);
  return 0;
}
