/* A reader in a global struct whose pointer may point into the input argument or into a local
 * buffer: a steered pointer walked through the struct and compared with its end (opt keeps the
 * struct in registers: the pointer and its end are tag + index values). */
#include <stdint.h>

typedef struct {
  const uint8_t *p;
  const uint8_t *end;
} reader_t;

static reader_t R;

static uint32_t take(void) {
  uint32_t b = *R.p;
  R.p++;
  return b;
}

uint32_t steer_reader(int use_in, const uint8_t in[8]) {
  uint8_t local[8];
  for (int i = 0; i < 8; i++)
    local[i] = (uint8_t)(in[7 - i] * 37 + 1);
  R.p = use_in ? in : local;
  R.end = R.p + 8;
  uint32_t acc = 0;
  while (R.p != R.end)
    acc = acc * 33 + take();
  return acc;
}
