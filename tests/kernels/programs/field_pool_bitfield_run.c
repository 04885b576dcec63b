/* One pointer into an int array or into the int field of a packed struct whose bit-fields before
   it are read as one 40-bit integer (Csmith subset seed 100994: `signed f0 : 31; signed f1 : 3;
   signed f2 : 3; int32_t f3;`, a pointer to &g_123.f3 or into l_129). The 37 bits of bit-fields
   take 5 bytes, read and written as an i40 at byte 0; the field at byte 5 shares a pool with the
   array. The i40 was counted as the 8 bytes it occupies, reaching the pooled field, and the struct
   was kept whole: "one pointer may point into struct 'g' or into array 'arr'". */
#include <stdint.h>

#pragma pack(push, 1)
struct rec { unsigned a : 31; signed b : 3; signed c : 3; int32_t count; int8_t tail; };
#pragma pack(pop)

static struct rec g = {40125, -1, 1, 7, 2};
static int32_t arr[2] = {10, 20};
static int32_t *volatile gp = &arr[0];
uint32_t result;

int main(void) {
  for (int k = 0; k < 4; k++) {
    if (k == 1)
      gp = &g.count;
    if (k == 3)
      gp = &arr[1];
    int32_t *p = gp;              /* arr[0], g.count, g.count, arr[1] */
    *p += k;
    g.c += 1;
    g.a ^= (unsigned)k << 20;
    result = result * 31 + (uint32_t)*p + g.a + (uint32_t)g.b + (uint32_t)g.c + (uint32_t)g.tail;
  }
  result += (uint32_t)g.count + (uint32_t)arr[0] + (uint32_t)arr[1];
  return 0;
}
