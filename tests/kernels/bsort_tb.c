#include "tb_check.h"
void bsort(int32_t a[8]);
int main(void) {
  for (int t = 0; t < 10; t++) {
    int32_t a[8], ref[8];
    for (int i = 0; i < 8; i++) ref[i] = a[i] = (int32_t)tb_rand32() >> (t % 20);
    for (int i = 1; i < 8; i++) { /* insertion sort */
      int32_t v = ref[i];
      int j = i - 1;
      while (j >= 0 && ref[j] > v) { ref[j + 1] = ref[j]; j--; }
      ref[j + 1] = v;
    }
    bsort(a);
    for (int i = 0; i < 8; i++) tb_check("bsort", t * 8 + i, (uint32_t)a[i], (uint32_t)ref[i]);
  }
  return tb_finish("bsort");
}
