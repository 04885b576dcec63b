#include "tb_check.h"
#include <string.h>
uint32_t crc32(const uint8_t data[64], uint32_t len);
static uint32_t crc32_table_ref(const uint8_t *data, uint32_t len) { /* table-driven: independent */
  uint32_t table[256];
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  uint32_t crc = 0xffffffffu;
  for (uint32_t i = 0; i < len; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffu;
}
int main(void) {
  uint8_t buf[64] = {0};
  memcpy(buf, "123456789", 9);
  tb_check("check_value", 0, crc32(buf, 9), 0xcbf43926u); /* the CRC-32 check value */
  for (int i = 0; i < 12; i++) {
    uint32_t len = tb_rand32() % 65;
    for (int j = 0; j < 64; j++) buf[j] = (uint8_t)tb_rand32();
    tb_check("crc32", i, crc32(buf, len), crc32_table_ref(buf, len));
  }
  return tb_finish("crc32");
}
