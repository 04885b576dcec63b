#include <stdint.h>
/* Duff's device: a switch that jumps into the middle of a do-while body, one case per unrolled
 * step. The loop has eight entries; node splitting copies the body once for the switch's cases. */
uint32_t duff_switch(const uint8_t data[64], uint32_t count) {
  uint32_t h = 0x811c9dc5u;
  uint32_t k = 0;
  if (count == 0)
    return h;
  uint32_t n = (count + 7) / 8;
  switch (count % 8) {
  case 0: do { h = (h ^ data[k++]) * 16777619u;
  case 7:      h = (h ^ data[k++]) * 16777619u;
  case 6:      h = (h ^ data[k++]) * 16777619u;
  case 5:      h = (h ^ data[k++]) * 16777619u;
  case 4:      h = (h ^ data[k++]) * 16777619u;
  case 3:      h = (h ^ data[k++]) * 16777619u;
  case 2:      h = (h ^ data[k++]) * 16777619u;
  case 1:      h = (h ^ data[k++]) * 16777619u;
          } while (--n > 0);
  }
  return h;
}
