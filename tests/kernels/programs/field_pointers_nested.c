/* Field pointers into a nested struct, into an element of an array member, and into a local struct
 * (issue 38 item 4; the shapes of Csmith subset seeds 203 and 282): `m` into `t.in.mid` or `hs[j]`,
 * `b` into `t.b[2]` or `bytes[j]`, `l` into the local `loc.mid` or `t.h`, and a pointer kept in a
 * global (`keep`). */
#include <stdint.h>
struct In { uint8_t lo; int16_t mid; };
struct T { uint8_t b[4]; struct In in; int64_t big; int16_t h; };
static struct T t = {{1, 2, 3, 4}, {5, -6}, 1234567890123LL, 9};
static int16_t hs[2] = {11, 12};
static uint8_t bytes[3] = {7, 8, 9};
static int16_t *keep = &hs[1];
uint32_t result;

int main(void) {
  uint32_t acc = 0;
  struct In loc;
  loc.lo = 3;
  loc.mid = 40;
  for (int k = 0; k < 6; k++) {
    int16_t *m = (k & 1) ? &t.in.mid : &hs[k & 1];
    *m = (int16_t)(*m * 3 + k);
    uint8_t *b = (k & 2) ? &t.b[2] : &bytes[k % 3];
    *b += (uint8_t)(k + 1);
    int16_t *l = (k % 3 == 0) ? &loc.mid : &t.h;
    *l -= (int16_t)k;
    if (k == 3)
      keep = &t.in.mid;
    *keep += 1;
    t.big += *m;
    loc.lo ^= (uint8_t)t.in.lo;
    acc = acc * 33u + (uint32_t)(uint16_t)*m + *b + (uint32_t)(uint16_t)*l;
  }
  acc += t.b[0] + t.b[1] * 3u + t.b[2] * 5u + t.b[3] * 7u + t.in.lo + (uint32_t)(uint16_t)t.in.mid + (uint32_t)t.big + (uint32_t)(t.big >> 32);
  acc += (uint32_t)(uint16_t)t.h + (uint32_t)(uint16_t)hs[0] + (uint32_t)(uint16_t)hs[1] + bytes[0] + bytes[1] + bytes[2];
  acc += loc.lo + (uint32_t)(uint16_t)loc.mid;
  result = acc;
  return 0;
}
