/* Pointers that may point into a field of a struct or into an int (issue 38 item 4; reduced from
 * Csmith subset seeds 47 and 172): `p` into `s.count` or `g`, a table of pointers into fields of a
 * struct, of an array of structs and into `g`, and `&arr[k % 3].count` with a run-time record. Each
 * struct's pointed-to int fields share one pool with `g`; their other fields keep their memories. */
#include <stdint.h>
struct S { uint8_t tag; int32_t count; uint16_t w; int32_t extra; };
static struct S s = {1, 100, 7, -5};
static struct S arr[3] = {{2, 10, 1, 3}, {3, 20, 2, 4}, {4, 30, 3, 5}};
static int32_t g = 42;
static int32_t *table[4] = {&s.count, &g, &arr[1].extra, &arr[2].count};
uint32_t result;

int main(void) {
  uint32_t acc = 0;
  for (int k = 0; k < 8; k++) {
    int32_t *p = (k & 1) ? &s.count : &g;
    *p += k;
    int32_t *q = table[k & 3];
    *q ^= (int32_t)(k * 3 + 1);
    int32_t *r = &arr[k % 3].count;
    *r += *q;
    s.tag += (uint8_t)*p;
    arr[k % 3].w += (uint16_t)s.count;
    acc = acc * 31u + (uint32_t)*p + (uint32_t)*q;
  }
  for (int i = 0; i < 3; i++) acc += arr[i].tag + (uint32_t)arr[i].count + arr[i].w + (uint32_t)arr[i].extra;
  acc += s.tag + (uint32_t)s.count + s.w + (uint32_t)s.extra + (uint32_t)g;
  result = acc;
  return 0;
}
