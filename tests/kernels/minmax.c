#include <stdint.h>
/* Minimum and maximum of an array, returned through two pointers. */
void minmax(const int32_t a[16], int32_t *mn, int32_t *mx) {
  int32_t lo = a[0], hi = a[0];
  for (int i = 1; i < 16; i++) {
    if (a[i] < lo) lo = a[i];
    if (a[i] > hi) hi = a[i];
  }
  *mn = lo;
  *mx = hi;
}
