#include <stdint.h>
/* Adler-32 checksum (RFC 1950) of len bytes: two running sums modulo 65521. */
uint32_t adler32(const uint8_t data[48], uint32_t len) {
  uint32_t a = 1, b = 0;
  for (uint32_t i = 0; i < len; i++) {
    a = (a + data[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}
