/* Testbench of misty1_hls.cpp (the `hls` variant of misty1-enc), and of the decryption core
 * misty1-dec/hls/misty1_dec_hls.cpp through ../../misty1-dec/hls/tb_misty1_dec_hls.cpp, which
 * includes this file with MISTY1_HLS_TOP = misty1_dec and MISTY1_HLS_DECRYPT (ciphertext in,
 * plaintext expected). csim runs it natively.
 *
 * 1. RFC 2994 Appendix A: the two ECB examples, streamed through one call under one key.
 * 2. Every `KEY PT CT` line of a vector file (argv[1], else vectors.txt beside this file, made by
 *    gen_vectors.py from cryptohls.golden.misty1), one block per call.
 * Exit 0 only if every block matches and at least 1000 file vectors were read.
 */
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "misty1_hls.h"

#ifndef MISTY1_HLS_TOP
#define MISTY1_HLS_TOP misty1_enc
#endif
#define MISTY1_HLS_STR2(x) #x
#define MISTY1_HLS_STR(x) MISTY1_HLS_STR2(x)

void MISTY1_HLS_TOP(hls::stream<misty1_block_t> &in, hls::stream<misty1_block_t> &out, misty1_key_t key);

static int failures = 0;

/* Parses exactly `digits` hex digits (byte 0 first) into the low bits of `value`; false if malformed. */
template <int W>
static bool parse_hex(const char *text, ap_uint<W> &value) {
  if (std::strlen(text) != W / 4) return false;
  ap_uint<W> v = 0;
  for (int i = 0; i < W / 4; i++) {
    char c = text[i];
    int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
          : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (d < 0) return false;
    v = (v << 4) | ap_uint<W>(d);
  }
  value = v;
  return true;
}

template <int W>
static ap_uint<W> hex(const char *text) {
  ap_uint<W> v;
  if (!parse_hex<W>(text, v)) {
    std::fprintf(stderr, "testbench bug: bad hex constant %s\n", text);
    std::exit(3);
  }
  return v;
}

static std::string str64(const misty1_block_t &v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)v.to_uint64());
  return std::string(buf);
}

/* Streams `pts` through one call of the core under `key` and compares with `cts` (swapped when the
 * core decrypts: the ciphertexts go in, the plaintexts are expected). */
static void check_stream(const char *name, const misty1_key_t &key, const std::vector<misty1_block_t> &plain,
                         const std::vector<misty1_block_t> &cipher) {
#ifdef MISTY1_HLS_DECRYPT
  const std::vector<misty1_block_t> &pts = cipher, &cts = plain;
#else
  const std::vector<misty1_block_t> &pts = plain, &cts = cipher;
#endif
  hls::stream<misty1_block_t> in("in"), out("out");
  for (const misty1_block_t &p : pts) in.write(p);
  MISTY1_HLS_TOP(in, out, key);
  if (out.size() != cts.size()) {
    std::fprintf(stderr, "MISMATCH %s: %zu blocks out, %zu expected\n", name, (size_t)out.size(), cts.size());
    failures++;
    return;
  }
  for (std::size_t i = 0; i < cts.size(); i++) {
    misty1_block_t got = out.read();
    if (got != cts[i]) {
      std::fprintf(stderr, "MISMATCH %s block %zu\n  input    %s\n  expected %s\n  got      %s\n", name, i,
                   str64(pts[i]).c_str(), str64(cts[i]).c_str(), str64(got).c_str());
      failures++;
    }
  }
}

static std::string dir_of(const char *path) {
  std::string p(path);
  std::size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string() : p.substr(0, slash + 1);
}

int main(int argc, char **argv) {
  /* RFC 2994 Appendix A, ECB: both blocks under key 00112233445566778899aabbccddeeff. */
  check_stream("RFC 2994 A", hex<128>("00112233445566778899aabbccddeeff"),
               {hex<64>("0123456789abcdef"), hex<64>("fedcba9876543210")},
               {hex<64>("8b1da5f56ab3d07c"), hex<64>("04b68240b13be95d")});

  std::string path = argc > 1 ? std::string(argv[1]) : dir_of(__FILE__) + "vectors.txt";
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "cannot open vector file %s\n", path.c_str());
    return 1;
  }
  char k[80], p[80], c[80];
  int count = 0;
  while (std::fscanf(f, "%79s %79s %79s", k, p, c) == 3) {
    misty1_key_t key;
    misty1_block_t pt, ct;
    if (!parse_hex<128>(k, key) || !parse_hex<64>(p, pt) || !parse_hex<64>(c, ct)) {
      std::fprintf(stderr, "%s: malformed vector line %d\n", path.c_str(), count + 1);
      std::fclose(f);
      return 1;
    }
    char name[64];
    std::snprintf(name, sizeof name, "vector %d", count + 1);
    check_stream(name, key, {pt}, {ct});
    count++;
  }
  std::fclose(f);
  if (count < 1000) {
    std::fprintf(stderr, "only %d vectors read from %s\n", count, path.c_str());
    return 1;
  }
  std::printf(MISTY1_HLS_STR(MISTY1_HLS_TOP) " hls: 2 published vectors + %d file vectors, %d mismatches\n", count, failures);
  return failures == 0 ? 0 : 1;
}
