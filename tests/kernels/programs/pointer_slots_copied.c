/* An initialised local array of pointers of which code writes one element, copied whole and read
   back at run-time indices (Csmith subset seeds 312, 100632 have the first half). Clang's SROA keeps
   lp.e[0][5] apart and cuts the rest into `[5 x ptr]` and a byte array `[64 x i8]`, filled by a
   volatile memcpy from the constant table and copied by a memcpy into copy.e[0][6] onwards.
   Pointers in memory are indices, so the byte array was refused ("access of 8 bits to 'lp_4' whose
   elements have 3 bits"); it is now held as pointer slots, each copy moving whole pointers, and every
   pointer read back goes into the digest. */
#include <stdint.h>

int8_t a[3] = {3, 5, 7};
int8_t *gp[3] = {&a[0], &a[1], &a[2]};
uint32_t result;
struct T { int8_t **e[2][7]; };

int main(void) {
  volatile struct T lp = {{{&gp[0], &gp[1], &gp[2], &gp[0], &gp[1], &gp[2], &gp[0]},
                           {&gp[2], &gp[1], &gp[0], &gp[2], &gp[1], &gp[0], &gp[2]}}};
  for (int k = 0; k < 3; k++) {
    **lp.e[0][5] += k + 1;
    lp.e[0][5] = &gp[k];
  }
  volatile struct T copy = lp;
  for (int i = 0; i < 14; i++) {
    result = result * 31 + (uint32_t)(uint8_t)**copy.e[i / 7][i % 7];
    *gp[i % 3] += 1;
  }
  for (int i = 0; i < 3; i++)
    result = result * 31 + (uint32_t)(uint8_t)a[i];
  return 0;
}
