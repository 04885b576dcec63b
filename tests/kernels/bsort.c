#include <stdint.h>
/* Bubble sort in place: an array argument read and written. */
void bsort(int32_t a[8]) {
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7 - i; j++)
      if (a[j] > a[j + 1]) {
        int32_t t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
}
