/* Pools of a struct with other objects, at another width than their elements (Csmith subset
   seeds 100629, 100793, 100818).
   - `struct S0 *p` to a local `struct S0` or into an initialised global array of them: clang types
     the global's records after their constant, as bytes, the local as <{ i64, i32 }> (the
     bit-fields' storage). A struct and an array could not share a pool ("one pointer may point
     into struct 'l' or into array 'tab'"); the pool now holds bytes, each access the bytes it covers.
   - `int32_t *` into an int or into `v.f0` of `union { int32_t f0; signed f2 : 7; }`, whose f2 is
     read as an i8 over f0's element in the pool: that narrower access made the union whole. */
#include <stdint.h>

struct S0 { unsigned f0 : 27; signed f1 : 6; signed f2 : 17; const signed f3 : 24; };
union V { int32_t f0; signed f2 : 7; uint64_t f1; };

static struct S0 tab[2][2] = {{{1, 2, 3, 4}, {5, -6, 7, -8}}, {{9, 10, -11, 12}, {13, 14, 15, 16}}};
static struct S0 *volatile sp;
static union V v = {4};
static int32_t other = 5;
static int32_t *volatile ip = &other;
uint32_t result;

int main(void) {
  struct S0 l = {1726, 5, 244, 3217};
  sp = &l;
  for (int k = 0; k < 4; k++) {
    if (k == 1)
      sp = &tab[1][0];
    if (k == 2) {
      sp = &tab[0][1];
      ip = &v.f0;
    }
    struct S0 *p = sp;
    p->f2 += k;
    p->f0 ^= 3u << k;
    *ip += 3 * k + 1;
    result = result * 31 + p->f0 + (uint32_t)p->f1 + (uint32_t)p->f2 + (uint32_t)p->f3 + (uint32_t)l.f2
           + (uint32_t)v.f2 + (uint32_t)*ip;
  }
  result += (uint32_t)other + (uint32_t)v.f0 + tab[1][0].f0;
  return 0;
}
