/* sha against FIPS 180 known answers ("abc" and the 448-bit message: FIPS 180-2 Appendix A.1 and
 * A.2, FIPS 180-1 Appendices A and B), then a 1000-byte message and a 16384-byte buffer (256 blocks:
 * the benchmark call), whose digests were computed with Python's hashlib.sha1 as an independent
 * oracle. */
#include "../kernels/tb_check.h"
#include <string.h>
void sha(const uint8_t data[16384], int len, uint32_t digest[5]);
static uint8_t buf[16384];
static void check(const char *what, int len, const uint32_t expect[5]) {
  uint32_t d[5];
  sha(buf, len, d);
  for (int i = 0; i < 5; i++) tb_check(what, i, d[i], expect[i]);
}
int main(void) {
  static const uint32_t abc[5] = {0xa9993e36, 0x4706816a, 0xba3e2571, 0x7850c26c, 0x9cd0d89d};
  static const uint32_t two[5] = {0x84983e44, 0x1c3bd26e, 0xbaae4aa1, 0xf95129e5, 0xe54670f1};
  static const uint32_t p1000[5] = {0xa18a4ccd, 0xea27069f, 0xacc2e23f, 0xd8dabe57, 0xf16820b8};
  static const uint32_t p16k[5] = {0xca3072aa, 0x1374fd65, 0x3130285b, 0x0b58e333, 0x7d5a418a};
  const char *m2 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  memcpy(buf, "abc", 3);
  check("abc", 3, abc);
  memcpy(buf, m2, 56);
  check("448bit", 56, two);
  for (int i = 0; i < 16384; i++) buf[i] = (uint8_t)(i * 7 + (i >> 8) * 13 + 3);
  check("pattern1000", 1000, p1000);
  check("pattern16k", 16384, p16k); /* the benchmark call: 256 blocks, the longest */
  return tb_finish("sha");
}
