/* Shared by the stream-core cycle tests (tests/compiler/test_stream_cores.py): hex <-> ap_uint<128>,
 * and printing what comes out of a core. Published vectors: FIPS-197 Appendix C.1, NIST SP 800-38A
 * F.1.1 (ECB-AES128.Encrypt) and F.5.1 (CTR-AES128.Encrypt). */
#ifndef TB_AES_CORES_H
#define TB_AES_CORES_H

#include <stdio.h>

#include "ap_int.h"
#include "hls_stream.h"

static ap_uint<128> hex128(const char *h) {
  ap_uint<128> v = 0;
  for (int i = 0; i < 32; i++) {
    char c = h[i];
    int d = c <= '9' ? c - '0' : c - 'a' + 10;
    v = (v << 4) | ap_uint<128>(d);
  }
  return v;
}

static void print128(const char *tag, ap_uint<128> v) {
  printf("%s %016llx%016llx\n", tag, (unsigned long long)v.range(127, 64).to_uint64(),
         (unsigned long long)v.range(63, 0).to_uint64());
}

static const char *FIPS_KEY = "000102030405060708090a0b0c0d0e0f";
static const char *FIPS_PT = "00112233445566778899aabbccddeeff";
static const char *SP_KEY = "2b7e151628aed2a6abf7158809cf4f3c";
static const char *SP_PT[4] = {"6bc1bee22e409f96e93d7e117393172a", "ae2d8a571e03ac9c9eb76fac45af8e51",
                               "30c81c46a35ce411e5fbc1191a0a52ef", "f69f2445df4f9b17ad2b417be66c3710"};

#endif
