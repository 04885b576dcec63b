#include "tb_check.h"
#include <string.h>
uint32_t adler32(const uint8_t data[48], uint32_t len);
int main(void) {
  uint8_t buf[48] = {0};
  memcpy(buf, "Wikipedia", 9);
  tb_check("wikipedia", 0, adler32(buf, 9), 0x11e60398u); /* the worked example of the algorithm */
  for (int t = 0; t < 10; t++) {
    uint32_t len = tb_rand32() % 49;
    for (int i = 0; i < 48; i++) buf[i] = (uint8_t)tb_rand32();
    uint64_t a = 1, b = 0;
    for (uint32_t i = 0; i < len; i++) {
      a += buf[i];
      b += a;
    }
    tb_check("adler32", t, adler32(buf, len), (uint32_t)(((b % 65521) << 16) | (a % 65521)));
  }
  return tb_finish("adler32");
}
