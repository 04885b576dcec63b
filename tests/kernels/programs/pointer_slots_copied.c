/* An initialised local array of volatile pointers of which code uses one element (Csmith subset
   seeds 312, 100632): clang's SROA keeps that element apart and cuts the rest into `[5 x ptr]` and a
   byte array `[64 x i8]` filled by a volatile memcpy from the constant table. Pointers in memory are
   indices, so the byte array was refused ("access of 8 bits to 'lp_4' whose elements have 3 bits");
   it is now held as pointer slots, each copy moving whole pointers. */
#include <stdint.h>

int8_t a[3] = {3, 5, 7};
int8_t *gp[3] = {&a[0], &a[1], &a[2]};
uint32_t result;

int main(void) {
  int8_t **volatile lp[2][7] = {{&gp[0], &gp[1], &gp[2], &gp[0], &gp[1], &gp[2], &gp[0]},
                                {&gp[2], &gp[1], &gp[0], &gp[2], &gp[1], &gp[0], &gp[2]}};
  for (int k = 0; k < 3; k++) {
    **lp[0][5] += k + 1;
    result = result * 31 + (uint32_t)(uint8_t)**lp[0][5];
    lp[0][5] = &gp[k];
    *gp[k] ^= 0x11;
  }
  for (int i = 0; i < 3; i++)
    result = result * 31 + (uint32_t)(uint8_t)a[i];
  return 0;
}
