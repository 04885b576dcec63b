/* Globals initialised with addresses, as Csmith writes them (`int32_t *g_51 = &g_50[0];`, subset
 * seeds 2, 3, 15, 24, 33, 35 of `cryptohls fuzz`), a pointer to a pointer, and pointer comparisons. */
#include <stdint.h>

static int32_t table[4] = {1, 2, 3, 4};
static int32_t *cursor = &table[1];
static int32_t **handle = &cursor;
static int32_t *const ends[2] = {&table[0], &table[3]};

int32_t global_pointer(int32_t x, uint32_t steps) {
  for (uint32_t i = 0; i < steps; i++) {
    **handle += x;
    if (*handle == ends[1])
      *handle = ends[0];
    else
      (*handle)++;
  }
  return table[0] * 1000000 + table[1] * 10000 + table[2] * 100 + table[3] + (int32_t)(cursor - table);
}
