/* A struct copied whole through a pointer to it read from memory, while one of its fields shares
   a pool with an int array (Csmith subset seeds 100203 and 100848: `(*g_304) = g_107;` with
   `struct S1 *g_304 = &g_107;`, and int pointers to &g_107.f1 or to a local int). The copy is a
   memcpy of the record, which made the struct whole ("one pointer may point into struct 'g' or
   into array 'arr'"); it now keeps its fields split and copies each, the pooled one in the pool. */
#include <stdint.h>

struct rec { uint8_t tag; int32_t count; uint64_t wide; };

static struct rec g = {1, 7, 0x1234};
static struct rec h = {2, 9, 0x5678};
static struct rec *volatile gp = &g;
static int32_t arr[2] = {10, 20};
static int32_t *volatile ip = &arr[0];
uint32_t result;

int main(void) {
  for (int k = 0; k < 4; k++) {
    if (k == 1)
      ip = &g.count;
    int32_t *p = ip;              /* arr[0], then g.count */
    *p += k;
    struct rec *q = gp;
    if (k == 2)
      *q = h;                     /* g = h, through the pointer */
    h.count += 3;
    h.wide ^= (uint64_t)k << 33;
    result = result * 31 + (uint32_t)*p + g.tag + (uint32_t)g.count + (uint32_t)(g.wide >> 32) + (uint32_t)g.wide;
  }
  result += (uint32_t)arr[0] + (uint32_t)arr[1] + (uint32_t)h.count;
  return 0;
}
