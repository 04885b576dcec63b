/* Pointers to different fields of one pool held in different memories (Csmith subset seeds 1231,
   1433, 2134: `uint64_t *g_44 = &g_28[6][7][0].f4;` beside `struct S1 *g_27 = &g_28[6][7][0];`,
   g_28 and g_76 in one pool). Memory holds a pointer as its element index, and the byte inside the
   element (which field) was one per pool, so the program was refused ("pointers to different fields
   of 'pool_g_h' are stored in memory"). The byte is now one per holder: cur (whole records), pc and
   lc (field c; lc filled by a copy from a constant table), pb (field b), and each pointer field of
   hs (a struct split into its fields: p field c, r whole records, q field b). */
#include <stdint.h>

struct S1 { int32_t a; uint16_t b; uint64_t c; int8_t d; };

struct S1 g[2][3] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                     {{13, 14, 15, 16}, {17, 18, 19, 20}, {21, 22, 23, 24}}};
struct S1 h[2] = {{-1, 30, 31, -2}, {-3, 32, 33, -4}};
static struct S1 *cur = &g[1][2];
static uint64_t *pc = &g[0][1].c;
static uint16_t *pb[2] = {&h[1].b, &g[1][0].b};
struct H { int32_t n; uint64_t *p; struct S1 *r; uint16_t *q; };
struct H hs = {1, &g[0][2].c, &h[1], &g[1][1].b};
uint32_t result;

static uint32_t mix(uint32_t acc, uint32_t v) {
  return (acc ^ v) * 0x01000193u;   /* FNV-1a step: a field's value stays in its place */
}

static uint32_t digest(uint32_t acc, const struct S1 *s) {
  acc = mix(mix(acc, (uint32_t)s->a), s->b);
  return mix(mix(mix(acc, (uint32_t)s->c), (uint32_t)(s->c >> 32)), (uint32_t)s->d);
}

int main(void) {
  uint64_t *lc[4] = {&g[0][0].c, &h[1].c, &g[1][2].c, &h[0].c};
  for (int k = 0; k < 6; k++) {
    struct S1 *r = (k & 1) ? &h[k >> 2] : &g[k & 1][k % 3];   /* g and h: one pool */
    if (k == 3)
      pc = &r->c;
    if (k == 4)
      cur = r;
    if (k == 2)
      lc[k & 3] = &r->c;
    *pc += (uint64_t)k * 0x10000000001ull;
    *pb[k & 1] ^= (uint16_t)(k << 4);
    *lc[k & 3] -= 7;
    r->d += (int8_t)k;
    *hs.p += 3;
    hs.r->a += hs.n;
    *hs.q += 5;
    if (k == 4) {
      hs.r = r;
      hs.p = &g[1][0].c;
      hs.n = k;
    }
    result = mix(mix(mix(digest(result, cur), (uint32_t)*pc), *pb[(k + 1) & 1]), (uint32_t)*lc[(k + 1) & 3]);
    if (k == 5) {
      h[0] = *cur;
      *cur = g[0][0];
    }
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      result = digest(result, &g[i][j]);
  result = digest(digest(result, &h[0]), &h[1]);
  return 0;
}
