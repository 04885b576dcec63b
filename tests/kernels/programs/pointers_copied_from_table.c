/* A local array of pointers initialised from a constant table (clang: a memcpy from
   @__const.main.lp) that code also writes. Points-to read the memcpy's arguments at `align`, not at
   the pointers, so the copy joined nothing: lp's loads were taken for pointers into z alone (what the
   code stores there), and lp[0] = &x[1], an index into the pool of x and y, was read as &z[1]. A
   silent miscompile before (z written where x was: z+0[0] native 5, RTL 7); the copy now gives lp
   the table's content, and x, y and z share one pool. */
#include <stdint.h>

int32_t x[2] = {1, 2}, y[2] = {3, 4}, z[2] = {5, 6};
uint32_t result;

int main(void) {
  int32_t *lp[2] = {&x[1], &y[0]};
  for (int k = 0; k < 4; k++) {
    if (k == 2)
      lp[1] = &z[1];
    *lp[k & 1] += k + 1;
    result = result * 31 + (uint32_t)*lp[(k + 1) & 1];
  }
  for (int i = 0; i < 2; i++)
    result = result * 31 + (uint32_t)x[i] + (uint32_t)(y[i] << 8) + (uint32_t)(z[i] << 16);
  return 0;
}
