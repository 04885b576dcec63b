/* Pointers cleared by memset (clang's `int32_t *lp[6] = {0};`, a memset of a local struct, of a
   global array of structs with a pointer field). Memory holds a pointer as its index, and the null
   pointer's index is all ones; the memset stored the index 0, so a cleared pointer compared unequal
   to NULL and read the first element: a silent miscompile before (result differs). A memset with 0
   now stores the null pointer into every pointer it covers. */
#include <stdint.h>
#include <string.h>

struct R { int32_t n; int32_t *p; int16_t m; };

int32_t x[4] = {1, 2, 3, 4}, y[2] = {5, 6};
struct R rs[3];
uint32_t result;

int main(void) {
  int32_t *lp[6] = {0};
  for (int k = 0; k < 6; k++) {
    struct R loc[2];
    memset(loc, 0, sizeof loc);
    if (k & 1) {
      lp[k] = (k & 2) ? &x[k & 3] : &y[k & 1];
      rs[k % 3].p = lp[k];
      loc[k & 1].p = &x[1];
    }
    if (k == 4)
      memset(rs, 0, sizeof rs);
    rs[k % 3].n += k;
    result = result * 31 + (lp[(k * 5) % 6] == 0 ? 7u : (uint32_t)*lp[(k * 5) % 6]);
    result = result * 31 + (rs[(k + 1) % 3].p == 0 ? 11u : (uint32_t)*rs[(k + 1) % 3].p) + (uint32_t)rs[k % 3].n;
    result = result * 31 + (loc[0].p == 0 ? 13u : (uint32_t)*loc[0].p) + (loc[1].p == 0 ? 17u : 19u);
  }
  return 0;
}
