/* A whole program with run-time pointers: a table chosen by a flag, a cursor stored in a global struct
 * and walked (`*st.cur++`), an array member indexed at run time. cosim compares the globals the
 * hardware can name as C does: `out`, `st.n`, `total` (pointers hold indices, not addresses, and
 * array members of structs are left out). */
#include <stdint.h>
#include <stdio.h>
static const uint8_t A[4] = {1, 2, 3, 4};
static const uint8_t B[4] = {5, 6, 7, 8};
typedef struct { uint8_t *cur; uint32_t n; uint16_t hist[3]; } st_t;
static uint8_t out[8];
static st_t st = {out, 0, {0, 0, 0}};
uint32_t total;
int main(void) {
  for (int k = 0; k < 8; k++) {
    const uint8_t *t = (k & 1) ? B : A;
    *st.cur++ = t[k & 3];
    st.hist[k % 3] += t[(k + 1) & 3];
    st.n++;
  }
  for (int i = 0; i < 8; i++) total += out[i] * (i + 1);
  printf("total %u\n", total);
  return total == 0;
}
