/* Unions read through a member whose fields lie elsewhere than the first member's (Csmith subset
   seeds 100297, 100714, 100779, 100951). clang types a union after its first member (an
   initialised one after its constant): `union U6 { struct S3 f0; uint32_t f1; int16_t f2; }` with
   the packed `struct S3 { int8_t; uint32_t; int8_t; }` is <{ i8, i32, i8 }>, one memory per field,
   and `g.f2` (bytes 0-1) or `g.f1` (bytes 0-3) ends in the middle of the i32; a struct copied into
   `u.s` is a copy of the struct's fields into the union's `{ i16, [14 x i8] }`. The program was
   refused ("access of 16 bits that ends in the middle of a field of 'g'"); such a union is now
   held as bytes. */
#include <stdint.h>

#pragma pack(push, 1)
struct S3 { int8_t f0; uint32_t f1; int8_t f2; };
struct S0 { int8_t tag; int64_t wide; int16_t low; int32_t mid; int8_t end; };
#pragma pack(pop)

union U6 { struct S3 f0; uint32_t f1; int16_t f2; };
union U1 { int16_t a; struct S0 s; };

static union U6 g = {{-1, 0x12345678, 0x5A}};
static union U1 u = {0x1234};
static struct S0 src[2] = {{1, -2, 3, 4, 5}, {6, 0x1122334455667788, -9, 10, 11}};
uint32_t result;

int main(void) {
  for (int k = 0; k < 4; k++) {
    g.f2 += (int16_t)(k * 0x101);
    if (k == 1)
      g.f1 ^= 0xA5A5A5A5u;
    g.f0.f2 -= 3;
    if (k >= 2)
      u.s = src[k - 2];
    u.a += 7;
    result = result * 31 + (uint32_t)g.f2 + g.f1 + (uint32_t)g.f0.f1 + (uint32_t)g.f0.f2
           + (uint32_t)u.a + (uint32_t)u.s.wide + (uint32_t)(u.s.wide >> 32) + (uint32_t)u.s.mid;
  }
  return 0;
}
