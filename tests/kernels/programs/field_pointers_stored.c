/* Pointers to two fields of one struct, each held in memory (Csmith subset seeds 100161, 100167,
   100330, 100407: `uint8_t *g_35 = &g_28.f6;` and `&g_28.f0` stored elsewhere). A pointer held
   in memory is an element index, and the byte inside the element was one per struct, so the
   second field was refused ("pointers to different fields of 'g' are stored in memory"). Each
   field is now an object of its own (field_objects.py), and a pointer read from memory knows its
   field from its points-to class. */
#include <stdint.h>

struct rec { uint8_t tag; int16_t a; int32_t b; };

static struct rec g[2] = {{1, 2, 3}, {4, 5, 6}};
static int16_t *volatile pa = &g[0].a;
static int32_t *volatile pb = &g[1].b;
static uint8_t *volatile pt[2] = {&g[1].tag, &g[0].tag};
uint32_t result;

int main(void) {
  for (int k = 0; k < 4; k++) {
    if (k == 2) {
      pa = &g[1].a;
      pb = &g[0].b;
    }
    *pa += (int16_t)k;
    *pb ^= k << 3;
    *pt[k & 1] += 1;
    result = result * 31 + (uint32_t)*pa + (uint32_t)*pb + *pt[(k + 1) & 1] + g[0].tag + (uint32_t)g[1].a;
  }
  result += (uint32_t)g[0].b + (uint32_t)g[1].b + (uint32_t)g[0].a;
  return 0;
}
