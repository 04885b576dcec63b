/* C testbench of the accelerator functions of aes.c (csim, and cosim with --top sub_bytes, shift_rows,
 * mix_columns or aes128_cipher_hw: the named function runs as RTL, the others natively).
 *
 * FIPS-197 Appendix B, round 1: SubBytes, ShiftRows and MixColumns of the round-1 state; then the
 * whole cipher (key expansion in C, aes128_cipher_hw) on Appendix B and Appendix C.1.
 * Prints one line per check and returns 0 only when all five match.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "aes.h"

static const uint8_t B_ROUND1_START[16] = {0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b,
                                           0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08};
static const uint8_t B_AFTER_SUB[16] = {0xd4, 0x27, 0x11, 0xae, 0xe0, 0xbf, 0x98, 0xf1,
                                        0xb8, 0xb4, 0x5d, 0xe5, 0x1e, 0x41, 0x52, 0x30};
static const uint8_t B_AFTER_SHIFT[16] = {0xd4, 0xbf, 0x5d, 0x30, 0xe0, 0xb4, 0x52, 0xae,
                                          0xb8, 0x41, 0x11, 0xf1, 0x1e, 0x27, 0x98, 0xe5};
static const uint8_t B_AFTER_MIX[16] = {0x04, 0x66, 0x81, 0xe5, 0xe0, 0xcb, 0x19, 0x9a,
                                        0x48, 0xf8, 0xd3, 0x7a, 0x28, 0x06, 0x26, 0x4c};
static const uint8_t B_KEY[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                  0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
static const uint8_t B_PT[16] = {0x32, 0x43, 0xf6, 0xa8, 0x88, 0x5a, 0x30, 0x8d,
                                 0x31, 0x31, 0x98, 0xa2, 0xe0, 0x37, 0x07, 0x34};
static const uint8_t B_CT[16] = {0x39, 0x25, 0x84, 0x1d, 0x02, 0xdc, 0x09, 0xfb,
                                 0xdc, 0x11, 0x85, 0x97, 0x19, 0x6a, 0x0b, 0x32};
static const uint8_t C1_KEY[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                   0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const uint8_t C1_PT[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                  0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t C1_CT[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                  0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};

static int report(const char *name, const uint8_t got[16], const uint8_t want[16]) {
  int ok = memcmp(got, want, 16) == 0;
  printf("%s %s\n", ok ? "ok  " : "FAIL", name);
  return ok;
}

static int cipher(const char *name, const uint8_t key[16], const uint8_t pt[16], const uint8_t ct[16]) {
  uint8_t rk[176], s[16];
  aes128_key_expansion(key, rk);
  memcpy(s, pt, 16);
  aes128_cipher_hw(rk, s);
  return report(name, s, ct);
}

int main(void) {
  uint8_t s[16];
  int ok = 0;
  memcpy(s, B_ROUND1_START, 16);
  sub_bytes(s);
  ok += report("FIPS-197 B round 1 SubBytes", s, B_AFTER_SUB);
  memcpy(s, B_AFTER_SUB, 16);
  shift_rows(s);
  ok += report("FIPS-197 B round 1 ShiftRows", s, B_AFTER_SHIFT);
  memcpy(s, B_AFTER_SHIFT, 16);
  mix_columns(s);
  ok += report("FIPS-197 B round 1 MixColumns", s, B_AFTER_MIX);
  ok += cipher("FIPS-197 B cipher", B_KEY, B_PT, B_CT);
  ok += cipher("FIPS-197 C.1 cipher", C1_KEY, C1_PT, C1_CT);
  printf("%d/5 checks passed\n", ok);
  return ok == 5 ? 0 : 1;
}
