#include <stdint.h>
/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) of len bytes, bit by bit. */
uint32_t crc32(const uint8_t data[64], uint32_t len) {
  uint32_t crc = 0xffffffffu;
  for (uint32_t i = 0; i < len; i++) {
    crc ^= data[i];
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}
