/* Testbench of aes_hls.cpp (the `hls` variant of aes128-ecb-enc, and of aes128-ecb-enc-x2 through
 * ../../aes128-ecb-enc-x2/hls/tb_aes_x2_hls.cpp): csim runs it natively.
 *
 * 1. FIPS-197 Appendix C.1 and Appendix B, one block each.
 * 2. SP 800-38A F.1.1 (ECB-AES128.Encrypt): four blocks streamed through one call under one key.
 * 3. Every `KEY PT CT` line of a vector file (argv[1], else vectors.txt beside this file, made by
 *    gen_vectors.py from cryptohls.golden.aes), in runs of blocks sharing a stream.
 * Exit 0 only if every block matches and at least 1000 file vectors were read.
 */
#include <cstdio>
#include <string>
#include <vector>

#include "aes128_hls.h"
#include "tb_hls_util.h"

/* The x2 variant's testbench includes this file with AES_HLS_TOP = aes128_ecb_enc_x2. */
#ifndef AES_HLS_TOP
#define AES_HLS_TOP aes128_ecb_enc
#endif
#define AES_HLS_STR2(x) #x
#define AES_HLS_STR(x) AES_HLS_STR2(x)

void AES_HLS_TOP(hls::stream<aes_block_t> &in, hls::stream<aes_block_t> &out, aes_block_t key);

static int failures = 0;

/* Streams `pts` through one call of the core under `key` and compares with `cts`. */
static void check_stream(const char *name, const aes_block_t &key, const std::vector<aes_block_t> &pts,
                         const std::vector<aes_block_t> &cts) {
  hls::stream<aes_block_t> in("in"), out("out");
  for (const aes_block_t &p : pts) in.write(p);
  AES_HLS_TOP(in, out, key);
  if (out.size() != cts.size()) {
    std::fprintf(stderr, "MISMATCH %s: %zu blocks out, %zu expected\n", name, out.size(), cts.size());
    failures++;
    return;
  }
  for (std::size_t i = 0; i < cts.size(); i++) {
    aes_block_t got = out.read();
    if (got != cts[i]) {
      std::fprintf(stderr, "MISMATCH %s block %zu\n  key      %s\n  pt       %s\n  expected %s\n  got      %s\n",
                   name, i, tb_str128(key).c_str(), tb_str128(pts[i]).c_str(), tb_str128(cts[i]).c_str(),
                   tb_str128(got).c_str());
      failures++;
    }
  }
}

int main(int argc, char **argv) {
  /* FIPS-197 Appendix C.1 (AES-128) and Appendix B (cipher example). */
  check_stream("FIPS-197 C.1", tb_hex128("000102030405060708090a0b0c0d0e0f"),
               {tb_hex128("00112233445566778899aabbccddeeff")}, {tb_hex128("69c4e0d86a7b0430d8cdb78070b4c55a")});
  check_stream("FIPS-197 B", tb_hex128("2b7e151628aed2a6abf7158809cf4f3c"),
               {tb_hex128("3243f6a8885a308d313198a2e0370734")}, {tb_hex128("3925841d02dc09fbdc118597196a0b32")});
  /* SP 800-38A F.1.1 ECB-AES128.Encrypt. */
  check_stream("SP 800-38A F.1.1", tb_hex128("2b7e151628aed2a6abf7158809cf4f3c"),
               {tb_hex128("6bc1bee22e409f96e93d7e117393172a"), tb_hex128("ae2d8a571e03ac9c9eb76fac45af8e51"),
                tb_hex128("30c81c46a35ce411e5fbc1191a0a52ef"), tb_hex128("f69f2445df4f9b17ad2b417be66c3710")},
               {tb_hex128("3ad77bb40d7a3660a89ecaf32466ef97"), tb_hex128("f5d3d58503b9699de785895a96fdbaaf"),
                tb_hex128("43b1cd7f598ece23881b00e3ed030688"), tb_hex128("7b0c785e27e8ad3f8223207104725dd4")});

  std::string path = argc > 1 ? std::string(argv[1]) : tb_dir_of(__FILE__) + "vectors.txt";
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "cannot open vector file %s\n", path.c_str());
    return 1;
  }
  char k[80], p[80], c[80];
  int count = 0;
  while (std::fscanf(f, "%79s %79s %79s", k, p, c) == 3) {
    aes_block_t key, pt, ct;
    if (!tb_parse128(k, key) || !tb_parse128(p, pt) || !tb_parse128(c, ct)) {
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
  std::printf("%s hls: 3 published vectors + %d file vectors, %d mismatches\n", AES_HLS_STR(AES_HLS_TOP), count, failures);
  return failures == 0 ? 0 : 1;
}
