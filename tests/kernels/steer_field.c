/* A pointer into an argument or into a field of a struct (issue 38 item 4): the field `s.count` is an
 * object of its own (frontend/field_objects.py), the steered pointer's second member; `s.tag` keeps
 * its own memory. */
#include <stdint.h>
struct S { uint8_t tag; int32_t count; uint16_t w; };
static struct S s = {1, 5, 9};

int32_t steer_field(int32_t a[4], uint32_t sel) {
  int32_t acc = 0;
  for (int k = 0; k < 4; k++) {
    int32_t *p = (sel >> k) & 1 ? &a[k] : &s.count;
    *p += k + 1;
    s.tag += (uint8_t)*p;
    s.w ^= (uint16_t)(k * 7);
    acc = acc * 3 + *p + s.tag + s.w;
  }
  return acc;
}
