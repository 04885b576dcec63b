/* Testbench of aes_ctr_hls.cpp (the `hls` variant of aes128-ctr): csim runs it natively.
 *
 * 1. SP 800-38A F.5.1 (CTR-AES128.Encrypt) and F.5.2 (Decrypt) as published, streamed back to
 *    back in one call under one key with a start word before each (the second start reloads the
 *    counter while nothing else is pending).
 * 2. Every message of a vector file (argv[1], else ctr_vectors.txt beside this file; lines
 *    `KEY IV CTR0 PT CT` from gen_ctr_vectors.py / cryptohls.golden.ctr, counters wrapping 2^32).
 * Exit 0 only if every block matches and at least 100 file messages were read.
 * The core under test is CTR_TOP (default aes128_ctr): aes128-ctr-pipe's testbench, whose core has
 * the same stream format, defines it and includes this file.
 */
#include <cstdio>
#include <string>
#include <vector>

#include "../../aes128-ecb-enc/hls/aes128_hls.h"
#include "../../aes128-ecb-enc/hls/tb_hls_util.h"

#ifndef CTR_TOP
#define CTR_TOP aes128_ctr
#endif
#define CTR_STR2(x) #x
#define CTR_STR(x) CTR_STR2(x)

typedef ap_uint<129> ctr_word_t;
void CTR_TOP(hls::stream<ctr_word_t> &in, hls::stream<aes_block_t> &out, aes_block_t key);

struct CtrMessage {
  ap_uint<128> nonce;  /* IV ‖ initial counter */
  std::vector<aes_block_t> in, expected;
};

static int failures = 0;

static ctr_word_t start_word(const ap_uint<128> &nonce) {
  ctr_word_t w = nonce;
  w[128] = 1;
  return w;
}

/* Runs `messages` back to back through one call of the core under `key`. */
static void check_messages(const char *name, const aes_block_t &key, const std::vector<CtrMessage> &messages) {
  hls::stream<ctr_word_t> in("in");
  hls::stream<aes_block_t> out("out");
  std::vector<aes_block_t> expected;
  for (const CtrMessage &m : messages) {
    in.write(start_word(m.nonce));
    for (const aes_block_t &b : m.in) in.write(ctr_word_t(b));
    expected.insert(expected.end(), m.expected.begin(), m.expected.end());
  }
  CTR_TOP(in, out, key);
  if (out.size() != expected.size()) {
    std::fprintf(stderr, "MISMATCH %s: %zu blocks out, %zu expected\n", name, out.size(), expected.size());
    failures++;
    return;
  }
  for (std::size_t i = 0; i < expected.size(); i++) {
    aes_block_t got = out.read();
    if (got != expected[i]) {
      std::fprintf(stderr, "MISMATCH %s block %zu\n  expected %s\n  got      %s\n", name, i,
                   tb_str128(expected[i]).c_str(), tb_str128(got).c_str());
      failures++;
    }
  }
}

static bool parse_blocks(const std::string &hex, std::vector<aes_block_t> &blocks) {
  if (hex.size() % 32 != 0) return false;
  for (std::size_t i = 0; i < hex.size(); i += 32) {
    aes_block_t b;
    if (!tb_parse128(hex.substr(i, 32).c_str(), b)) return false;
    blocks.push_back(b);
  }
  return true;
}

int main(int argc, char **argv) {
  /* SP 800-38A F.5.1 / F.5.2 (values as in /work/shared/vectors/aes-vectors.json). */
  const aes_block_t key = tb_hex128("2b7e151628aed2a6abf7158809cf4f3c");
  const ap_uint<128> nonce = tb_hex128("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  const std::vector<aes_block_t> pt = {
      tb_hex128("6bc1bee22e409f96e93d7e117393172a"), tb_hex128("ae2d8a571e03ac9c9eb76fac45af8e51"),
      tb_hex128("30c81c46a35ce411e5fbc1191a0a52ef"), tb_hex128("f69f2445df4f9b17ad2b417be66c3710")};
  const std::vector<aes_block_t> ct = {
      tb_hex128("874d6191b620e3261bef6864990db6ce"), tb_hex128("9806f66b7970fdff8617187bb9fffdff"),
      tb_hex128("5ae4df3edbd5d35e5b4f09020db03eab"), tb_hex128("1e031dda2fbe03d1792170a0f3009cee")};
  check_messages("SP 800-38A F.5.1 + F.5.2", key, {CtrMessage{nonce, pt, ct}, CtrMessage{nonce, ct, pt}});

  std::string path = argc > 1 ? std::string(argv[1]) : tb_dir_of(__FILE__) + "ctr_vectors.txt";
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "cannot open vector file %s\n", path.c_str());
    return 1;
  }
  static char k[80], iv[80], c0[80], p[4096], c[4096];
  int count = 0;
  while (std::fscanf(f, "%79s %79s %79s %4095s %4095s", k, iv, c0, p, c) == 5) {
    CtrMessage m;
    aes_block_t mkey;
    std::string nonce_hex = std::string(iv) + c0;
    if (!tb_parse128(k, mkey) || !tb_parse128(nonce_hex.c_str(), m.nonce) || !parse_blocks(p, m.in) ||
        !parse_blocks(c, m.expected) || m.in.size() != m.expected.size()) {
      std::fprintf(stderr, "%s: malformed line %d\n", path.c_str(), count + 1);
      std::fclose(f);
      return 1;
    }
    char name[64];
    std::snprintf(name, sizeof name, "message %d", count + 1);
    check_messages(name, mkey, {m});
    count++;
  }
  std::fclose(f);
  if (count < 100) {
    std::fprintf(stderr, "only %d messages read from %s\n", count, path.c_str());
    return 1;
  }
  std::printf(CTR_STR(CTR_TOP) " hls: SP 800-38A F.5.1/F.5.2 + %d file messages, %d mismatches\n", count, failures);
  return failures == 0 ? 0 : 1;
}
