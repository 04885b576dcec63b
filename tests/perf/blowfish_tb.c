/* blowfish against Eric Young's published Blowfish test vectors (vectors.txt of his implementation,
 * as reproduced on Schneier's site): ECB known answers checked through CFB64 (with a zero plaintext
 * the first CFB64 block is the encryption of the IV) and the CFB64 vector
 * (key 0123456789ABCDEFF0E1D2C3B4A59687, iv FEDCBA9876543210, "7654321 Now is the time for \0").
 * The benchmark call (650 blocks, 5200 bytes) is checked by its first and last 8 bytes and its CRC-32,
 * computed with pycryptodome (Blowfish CFB, segment_size=64) as an independent oracle. */
#include "../kernels/tb_check.h"
#include <string.h>
void blowfish(const uint8_t key[56], int keylen, const uint8_t iv[8], const uint8_t in[5200], uint8_t out[5200],
              int n);
static uint8_t in[5200], out[5200];
static void hex(const char *s, uint8_t *b, int n) {
  for (int i = 0; i < n; i++) {
    int hi = s[2 * i] <= '9' ? s[2 * i] - '0' : (s[2 * i] | 0x20) - 'a' + 10;
    int lo = s[2 * i + 1] <= '9' ? s[2 * i + 1] - '0' : (s[2 * i + 1] | 0x20) - 'a' + 10;
    b[i] = (uint8_t)(hi * 16 + lo);
  }
}
static uint32_t crc32(const uint8_t *p, int n) {
  uint32_t c = 0xffffffffu;
  while (n--) {
    c ^= *p++;
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
  }
  return ~c;
}
int main(void) {
  static const char *ecb[5][3] = {{"0000000000000000", "0000000000000000", "4EF997456198DD78"},
                                  {"FFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFF", "51866FD5B85ECB8A"},
                                  {"3000000000000000", "1000000000000001", "7D856F9A613063F2"},
                                  {"0123456789ABCDEF", "1111111111111111", "61F9C3802281B096"},
                                  {"FEDCBA9876543210", "0123456789ABCDEF", "0ACEAB0FC6A0A28D"}};
  uint8_t key[56], iv[8], expect[32];
  for (int v = 0; v < 5; v++) {
    hex(ecb[v][0], key, 8);
    hex(ecb[v][1], iv, 8);
    hex(ecb[v][2], expect, 8);
    memset(in, 0, 8);
    blowfish(key, 8, iv, in, out, 8);
    for (int i = 0; i < 8; i++) tb_check("ecb", 8 * v + i, out[i], expect[i]);
  }
  hex("0123456789ABCDEFF0E1D2C3B4A59687", key, 16);
  hex("FEDCBA9876543210", iv, 8);
  memcpy(in, "7654321 Now is the time for ", 29); /* with its terminating zero */
  hex("E73214A2822139CAF26ECF6D2EB9E76E3DA3DE04D1517200519D57A6C3", expect, 29);
  blowfish(key, 16, iv, in, out, 29);
  for (int i = 0; i < 29; i++) tb_check("cfb64", i, out[i], expect[i]);
  for (int i = 0; i < 5200; i++) in[i] = (uint8_t)(i * 29 + (i >> 7) * 5 + 1);
  blowfish(key, 16, iv, in, out, 5200); /* the benchmark call: key set-up + 650 blocks, the longest */
  hex("d11a1acec481a726", expect, 8);
  hex("792acba255ee64a1", expect + 8, 8);
  for (int i = 0; i < 8; i++) tb_check("bench_first", i, out[i], expect[i]);
  for (int i = 0; i < 8; i++) tb_check("bench_last", i, out[5192 + i], expect[8 + i]);
  tb_check("bench_crc32", 0, crc32(out, 5200), 0xe1ff2743u);
  return tb_finish("blowfish");
}
