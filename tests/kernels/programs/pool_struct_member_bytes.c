/* A pointer to a struct that points into a struct of that type or into the struct member of an
   array of another struct type (Csmith subset seed 2299 of the 10,000-program campaign: `struct S3 *`
   to `g_246` or to `g_233[5][0][1].f5`, `g_233` an array of `struct S4`), refused as "one pointer may
   point into 'solo' or into 'tab', structs of different types": their records differ, so no one array
   of records holds both. The pool now holds their bytes, each access the bytes it covers; the struct
   is also copied whole through the pointer and out of the pool (`last`), and the array's other
   fields are written directly; `result` is a digest of every field (the pool is no global of its
   own that the comparison would read). */
#include <stdint.h>
#include <string.h>

#pragma pack(push)
#pragma pack(1)
struct In { uint16_t a; int32_t b; int8_t c; uint16_t d; uint32_t e; };
#pragma pack(pop)
struct Out { int32_t x; int16_t y; struct In in; int16_t z; };

struct In solo = {1, -2, 3, 4, 5};
struct Out tab[3][2] = {{{10, 11, {12, 13, 14, 15, 16}, 17}, {20, 21, {22, -23, 24, 25, 26}, 27}},
                        {{30, 31, {32, 33, -34, 35, 36}, 37}, {40, 41, {42, 43, 44, 45, 46}, 47}},
                        {{50, 51, {52, 53, 54, 55, 56}, -57}, {60, 61, {62, 63, 64, 65, 0xC0DE6666u}, 67}}};
static struct In *volatile sp = &solo;
static struct In *held = &tab[2][1].in;
static volatile int pick = 1;
struct In last;
uint32_t result;

int main(void) {
  for (int k = 0; k < 6; k++) {
    if (k == 2)
      sp = held;
    if (k == 4)
      sp = &tab[pick][k & 1].in;
    struct In *p = sp;
    p->b += k * 7 - 3;
    p->d ^= 0x1111u << (k & 3);
    p->c -= k;
    tab[1][0].y += p->c;
    tab[k % 3][k & 1].x ^= (int32_t)p->e;
    tab[k % 3][1].z -= p->a;
    result = result * 31 + p->a + (uint32_t)p->b + (uint32_t)p->c + p->d + p->e;
  }
  *sp = solo;
  last = *held;
  memcpy(&tab[0][0].in, held, sizeof(struct In));
  result += tab[2][1].in.e + (uint32_t)tab[0][0].in.b + sp->d;
  /* the pool is no global of its own: a digest of every field, each in its place */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++) {
      const struct Out *o = &tab[i][j];
      result = result * 31 + (uint32_t)o->x;
      result = result * 31 + (uint32_t)o->y;
      result = result * 31 + o->in.a;
      result = result * 31 + (uint32_t)o->in.b;
      result = result * 31 + (uint32_t)o->in.c;
      result = result * 31 + o->in.d;
      result = result * 31 + o->in.e;
      result = result * 31 + (uint32_t)o->z;
    }
  result = ((result * 31 + solo.a) * 31 + (uint32_t)solo.b) * 31 + (uint32_t)solo.c;
  result = (result * 31 + solo.d) * 31 + solo.e;
  result = result * 31 + (uint32_t)last.b + last.d;
  return 0;
}
