/* One pointer into two structs of one C type, a global and a local (Csmith subset seed 100278:
   `struct S1 *g_79 = &g_76;` and a local `struct S1 l_204`). The struct is packed and ends in a
   bit-field: its LLVM type is <{ i32, i64, i8, i32 }>, but the initialised global takes the type of
   its constant, where the bit-field's storage is four bytes: <{ i32, i64, i8, i8, i8, i8, i8 }>.
   The record pool compared the two types and refused the program ("structs of different types"). */
#include <stdint.h>

#pragma pack(push, 1)
struct rec { int32_t count; uint64_t wide; uint8_t tag; signed bits : 25; };
#pragma pack(pop)

static struct rec g = {1, 2, 3, -639};
static struct rec *volatile gp = &g;
uint32_t result;

int main(void) {
  struct rec l = {4, 5, 6, 7};
  for (int k = 0; k < 4; k++) {
    if (k == 2)
      gp = &l;
    struct rec *p = gp;           /* g, g, l, l */
    p->count += k;
    result = result * 31 + (uint32_t)p->count + (uint32_t)p->bits;
  }
  result += (uint32_t)g.count + (uint32_t)l.count;
  return 0;
}
