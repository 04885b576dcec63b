/* A whole program with error paths (issue 20 item 2): add() calls exit(3) on a value out of range, as
   reference code does. In main's call tree the call ends the program: in hardware ap_done with 3 on
   ap_return. The input holds one bad value, so the run ends there; the globals written until then
   (hist, total) must agree between the native and the RTL run. -DFORCE_ABORT takes the abort() path
   instead (status 134), -DALL_GOOD no error path at all. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

uint16_t hist[8];
uint32_t total;

#ifdef ALL_GOOD
static const int8_t data[12] = {1, 2, 3, 1, 7, 0, 5, 5, 5, 2, 6, 4};
#else
static const int8_t data[12] = {1, 2, 3, 1, 7, 0, 5, 5, 5, 2, 9, 4};
#endif

static void add(int v) {
  if (v < 0 || v >= 8) {
    fprintf(stderr, "value %d out of range\n", v);
    exit(3);
  }
  hist[v]++;
}

int main(void) {
  for (int i = 0; i < 12; i++) {
#ifdef FORCE_ABORT
    if (total > 20)
      abort();
#endif
    add(data[i]);
    total += (uint32_t)data[i];
  }
  return total == 41 ? 0 : 1;
}
