/* Testbench of aes_ctr_io_hls.cpp (the `hls` variant of aes128-ctr-io): csim runs it natively.
 *
 * 1. LWC replay: pdi.txt / sdi.txt / do.txt of `cryptohls tv --cipher aes128-ctr` from the
 *    directory argv[1] (else tv/ beside this file): every do word and its do_last flag compared.
 * 2. Built-in commands around SP 800-38A F.5.1 (key 2b7e1516..., IV ‖ counter f0f1...feff):
 *    ENC/DEC, partial last words with junk padding on pdi, multi-segment messages, empty
 *    messages, empty AD, and the malformed-input rules of designs/aes128-ctr-io/docs.md
 *    ("Errors"): each case expects its exact do words (FAILURE = F0000000 with do_last) and is
 *    followed by a good message that must come out intact.
 * 3. Key leak: no do word of any run equals a word of a key loaded on sdi (in the LWC replay,
 *    key words that the expected do stream itself contains are exempt).
 * 4. `--long N` instead of a directory: three long ENC runs (N, 2N, 3N blocks) for timing in cosim.
 * Each run is one call of the top on freshly filled streams: a reset module in csim (the
 * processes' state is local). The order also suits a model that keeps its state between calls
 * (cosim of a free-running top): the no-key case runs first and every run ends idle with its
 * sdi words consumed.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "../../aes128-ecb-enc/hls/tb_hls_util.h"
#include "aes_ctr_io_hls.h"

struct DoWord {
  uint32_t data;
  bool last;
  bool operator==(const DoWord &o) const { return data == o.data && last == o.last; }
};
typedef std::vector<uint32_t> Words;
typedef std::vector<DoWord> DoWords;

static int failures = 0;
static int runs = 0;

/* ---- LWC file reader (docs/lwc-test-vectors.md): INS/HDR/STT one word, DAT whole words. ---- */
static bool read_lwc(const std::string &path, Words &words, std::vector<bool> *is_status) {
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    return false;
  }
  char line[4096];
  bool eof = false;
  int lineno = 0;
  while (std::fgets(line, sizeof line, f)) {
    lineno++;
    std::string s(line);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
    if (s == "###EOF") { eof = true; break; }
    if (s.empty() || s[0] == '#') continue;
    if (s.size() < 7 || s.compare(3, 3, " = ") != 0) {
      std::fprintf(stderr, "%s:%d: malformed line\n", path.c_str(), lineno);
      std::fclose(f);
      return false;
    }
    std::string kind = s.substr(0, 3), hex = s.substr(6);
    bool single = kind == "INS" || kind == "HDR" || kind == "STT";
    if ((!single && kind != "DAT") || hex.size() % 8 != 0 || hex.empty() || (single && hex.size() != 8)) {
      std::fprintf(stderr, "%s:%d: malformed line\n", path.c_str(), lineno);
      std::fclose(f);
      return false;
    }
    for (std::size_t i = 0; i < hex.size(); i += 8) {
      unsigned long v;
      char *end;
      std::string digits = hex.substr(i, 8);
      v = std::strtoul(digits.c_str(), &end, 16);
      if (*end != '\0') {
        std::fprintf(stderr, "%s:%d: bad hex\n", path.c_str(), lineno);
        std::fclose(f);
        return false;
      }
      words.push_back((uint32_t)v);
      if (is_status) is_status->push_back(kind == "STT");
    }
  }
  std::fclose(f);
  if (!eof) std::fprintf(stderr, "%s: no ###EOF\n", path.c_str());
  return eof;
}

/* Key words on sdi: the four words after each KEY header (type 1100). */
static std::set<uint32_t> key_words_of(const Words &sdi) {
  std::set<uint32_t> keys;
  for (std::size_t i = 0; i + 1 < sdi.size(); i++)
    if (sdi[i] >> 28 == 0xC)
      for (std::size_t j = i + 1; j < i + 5 && j < sdi.size(); j++) keys.insert(sdi[j]);
  return keys;
}

/* One reset-to-end run of the module. */
static DoWords run(const Words &sdi_words, const Words &pdi_words) {
  hls::stream<lwc_word_t> pdi("pdi"), sdi("sdi");
  hls::stream<lwc_do_t> dout("do");
  for (uint32_t w : pdi_words) pdi.write(lwc_word_t(w));
  for (uint32_t w : sdi_words) sdi.write(lwc_word_t(w));
  aes128_ctr_io(pdi, sdi, dout);
  DoWords got;
  while (!dout.empty()) {
    lwc_do_t w = dout.read();
    got.push_back(DoWord{(uint32_t)w.range(31, 0).to_uint64(), w[32] == 1});
  }
  runs++;
  return got;
}

static void compare(const std::string &name, const DoWords &got, const DoWords &expected,
                    const std::set<uint32_t> &keys, const std::set<uint32_t> &exempt) {
  std::size_t n = got.size() < expected.size() ? got.size() : expected.size();
  int shown = 0;
  for (std::size_t i = 0; i < n; i++) {
    if (!(got[i] == expected[i])) {
      if (shown++ < 5)
        std::fprintf(stderr, "MISMATCH %s do word %zu: expected %08x last=%d, got %08x last=%d\n", name.c_str(), i,
                     expected[i].data, expected[i].last, got[i].data, got[i].last);
      failures++;
    }
  }
  if (got.size() != expected.size()) {
    std::fprintf(stderr, "MISMATCH %s: %zu do words, %zu expected\n", name.c_str(), got.size(), expected.size());
    failures++;
  }
  for (std::size_t i = 0; i < got.size(); i++) {
    if (keys.count(got[i].data) && !exempt.count(got[i].data)) {
      std::fprintf(stderr, "KEY LEAK %s: do word %zu = %08x is a key word\n", name.c_str(), i, got[i].data);
      failures++;
    }
  }
}

/* ---- built-in commands ---------------------------------------------------------------- */
static const uint32_t ENC = 0x20000000, DEC = 0x30000000, LDKEY = 0x40000000, ACTKEY = 0x70000000,
                      HASH = 0x80000000, OK = 0xE0000000, FAIL = 0xF0000000;
static const Words KEY = {0x2b7e1516, 0x28aed2a6, 0xabf71588, 0x09cf4f3c};
static const Words NONCE = {0xf0f1f2f3, 0xf4f5f6f7, 0xf8f9fafb, 0xfcfdfeff};
/* SP 800-38A F.5.1: plaintext and ciphertext, 64 bytes. */
static const Words PT = {0x6bc1bee2, 0x2e409f96, 0xe93d7e11, 0x7393172a, 0xae2d8a57, 0x1e03ac9c, 0x9eb76fac, 0x45af8e51,
                         0x30c81c46, 0xa35ce411, 0xe5fbc119, 0x1a0a52ef, 0xf69f2445, 0xdf4f9b17, 0xad2b417b, 0xe66c3710};
static const Words CT = {0x874d6191, 0xb620e326, 0x1bef6864, 0x990db6ce, 0x9806f66b, 0x7970fdff, 0x8617187b, 0xb9fffdff,
                         0x5ae4df3e, 0xdbd5d35e, 0x5b4f0902, 0x0db03eab, 0x1e031dda, 0x2fbe03d1, 0x792170a0, 0xf3009cee};

static void add(Words &to, const Words &more) { to.insert(to.end(), more.begin(), more.end()); }
static void add_do(DoWords &to, const Words &more) {
  for (uint32_t w : more) to.push_back(DoWord{w, false});
}
static void add_status(DoWords &to, uint32_t status) { to.push_back(DoWord{status, true}); }

static Words ldkey() {
  Words w = {LDKEY, 0xC7000010};
  add(w, KEY);
  return w;
}

/* Bytes [from, from+len) of the F.5.1 data as words; bytes past len in the last word are
 * `pad` (junk on pdi) or zero (expected on do). */
static Words data_words(const Words &src, int from_byte, int len, uint8_t pad) {
  Words out;
  for (int i = 0; i < (len + 3) / 4; i++) {
    uint32_t w = 0;
    for (int b = 0; b < 4; b++) {
      int idx = from_byte + 4 * i + b;
      uint8_t byte = (4 * i + b < len) ? (uint8_t)(src[idx / 4] >> (24 - 8 * (idx % 4))) : pad;
      w = (w << 8) | byte;
    }
    out.push_back(w);
  }
  return out;
}

/* ENC (or DEC) of the first `len` bytes of F.5.1 in one segment; appends pdi words and the do
 * words it must produce with a good key. */
static void message(bool dec, int len, Words &pdi, DoWords &expected) {
  pdi.push_back(dec ? DEC : ENC);
  pdi.push_back(0xD2000010);
  add(pdi, NONCE);
  pdi.push_back((dec ? 0x57000000u : 0x47000000u) | (uint32_t)len);
  add(pdi, data_words(dec ? CT : PT, 0, len, 0xA5));
  expected.push_back(DoWord{(dec ? 0x47000000u : 0x57000000u) | (uint32_t)len, false});
  add_do(expected, data_words(dec ? PT : CT, 0, len, 0x00));
  add_status(expected, OK);
}

struct Case {
  std::string name;
  Words sdi, pdi;
  DoWords expected;
};

/* A case whose malformed part is `bad` (expected do `bad_do`), run after ACTKEY and followed by
 * a good 17-byte ENC. */
static Case after_key(const std::string &name, const Words &bad, const DoWords &bad_do) {
  Case c{name, ldkey(), {ACTKEY}, {}};
  add(c.pdi, bad);
  c.expected = bad_do;
  message(false, 17, c.pdi, c.expected);
  return c;
}

static std::vector<Case> builtin_cases() {
  std::vector<Case> cases;
  const DoWords F = {DoWord{FAIL, true}};
  Words npub = {0xD2000010};
  add(npub, NONCE);
  {
    /* No key: ENC before any ACTKEY fails (FAILURE only; the command is read to its end), also
     * when malformed (still one FAILURE); after ACTKEY the next message works. First case, so
     * that it also holds for a model that keeps its state between calls (cosim). */
    Case c{"no key", ldkey(), {}, {}};
    DoWords unused;
    message(false, 64, c.pdi, unused);
    add_status(c.expected, FAIL);
    c.pdi.push_back(ENC);
    add(c.pdi, npub);
    add(c.pdi, {0x55000004, 0x01020304});
    add_status(c.expected, FAIL);
    c.pdi.push_back(ACTKEY);
    message(false, 17, c.pdi, c.expected);
    cases.push_back(c);
  }
  {
    Case c{"F.5.1 ENC 64 + DEC 64 + ENC 17 + DEC 1", ldkey(), {ACTKEY}, {}};
    message(false, 64, c.pdi, c.expected);
    message(true, 64, c.pdi, c.expected);
    message(false, 17, c.pdi, c.expected);
    message(true, 1, c.pdi, c.expected);
    cases.push_back(c);
  }
  {
    /* Two PT segments (32 + 32 bytes, only the second Last): the counter runs on. */
    Case c{"two segments", ldkey(), {ACTKEY, ENC}, {}};
    add(c.pdi, npub);
    c.pdi.push_back(0x40000020);
    add(c.pdi, Words(PT.begin(), PT.begin() + 8));
    c.pdi.push_back(0x45000020);
    add(c.pdi, Words(PT.begin() + 8, PT.end()));
    c.expected.push_back(DoWord{0x50000020, false});
    add_do(c.expected, Words(CT.begin(), CT.begin() + 8));
    c.expected.push_back(DoWord{0x55000020, false});
    add_do(c.expected, Words(CT.begin() + 8, CT.end()));
    add_status(c.expected, OK);
    message(false, 17, c.pdi, c.expected);
    cases.push_back(c);
  }
  {
    Words w = {ENC, 0xD3000010};  /* NPUB with Last: empty message */
    add(w, NONCE);
    Words ad = {ENC};
    add(ad, npub);
    add(ad, {0x10000000, 0x13000000});  /* empty AD, then empty AD with Last */
    Words zero = {ENC};
    add(zero, npub);
    add(zero, {0x40000000 | 0x10, 0x00000000, 0x11111111, 0x22222222, 0x33333333, 0x47000000});
    DoWords zero_do = {DoWord{0x50000010, false}, DoWord{CT[0] ^ PT[0] ^ 0x00000000, false}};
    zero_do = {DoWord{0x50000010, false}};
    /* block of pt 00000000 11111111 22222222 33333333 -> keystream ^ pt */
    for (int i = 0; i < 4; i++) zero_do.push_back(DoWord{CT[i] ^ PT[i] ^ (0x11111111u * (uint32_t)i), false});
    zero_do.push_back(DoWord{0x57000000, false});
    add_status(zero_do, OK);
    cases.push_back(after_key("empty message (NPUB Last)", w, {DoWord{OK, true}}));
    cases.push_back(after_key("empty AD segments", ad, {DoWord{OK, true}}));
    cases.push_back(after_key("16 bytes then empty Last PT", zero, zero_do));
  }
  /* Malformed commands: exactly one FAILURE, then the next command works. */
  cases.push_back(after_key("unknown opcode", {0x50000000}, F));
  cases.push_back(after_key("instruction with low bits", {0x20000001}, F));
  cases.push_back(after_key("HASH", {HASH}, F));
  cases.push_back(after_key("LDKEY on pdi", {LDKEY}, F));
  {
    /* The rest of a failed command is discarded: one FAILURE each (the key words on pdi must
     * not reach do either). */
    Words ld = {LDKEY, 0xC7000010};
    add(ld, KEY);
    cases.push_back(after_key("LDKEY + KEY segment on pdi", ld, F));
    cases.push_back(after_key("HASH + message", {HASH, 0x77000003, 0x61626300}, F));
    cases.push_back(after_key("junk words", {0x01234567, 0x89ABCDEF, 0x0BADCAFE}, F));
    Words ad = {ENC, 0x10000000};  /* AD where NPUB is expected */
    add(ad, npub);
    cases.push_back(after_key("AD where NPUB expected", ad, F));
    Words n = {ENC};
    add(n, npub);
    cases.push_back(after_key("truncated after NPUB", n, F));
    cases.push_back(after_key("truncated after DEC", {DEC}, F));
  }
  {
    Words a = {ENC, 0xC2000010};  /* NPUB header of a wrong type; its data is discarded */
    add(a, NONCE);
    cases.push_back(after_key("NPUB wrong type", a, F));
    Words b = {ENC, 0xD200000C, NONCE[0], NONCE[1], NONCE[2]};
    cases.push_back(after_key("NPUB length 12", b, F));
    Words p = {ENC, 0xDA000010};
    add(p, NONCE);
    cases.push_back(after_key("NPUB Partial", p, F));
    Words r = {ENC, 0xD2010010};
    add(r, NONCE);
    cases.push_back(after_key("NPUB reserved bits", r, F));
    cases.push_back(after_key("truncated at NPUB", {ENC}, F));
  }
  {
    struct Bad { const char *name; uint32_t hdr; };
    const Bad bads[] = {{"TAG segment", 0x81000010}, {"CT in ENC", 0x55000010}, {"NPUB again", 0xD2000010},
                        {"unknown segment type", 0xE1000010}, {"non-empty AD", 0x11000004},
                        {"Partial PT", 0x4D000010}, {"reserved bits PT", 0x45800010},
                        {"non-last PT length 17", 0x40000011}};
    for (const Bad &bad : bads) {
      Words w = {ENC};
      add(w, npub);
      w.push_back(bad.hdr);
      add(w, {PT[0], PT[1], PT[2], PT[3]});  /* rest of the command, discarded */
      cases.push_back(after_key(bad.name, w, F));
    }
    Words d = {DEC};  /* PT in DEC */
    add(d, npub);
    add(d, {0x45000004, PT[0]});
    cases.push_back(after_key("PT in DEC", d, F));
  }
  {
    /* Truncated after one complete 16-byte segment: its output stays, then FAILURE; the
     * truncating ENC starts the next command. */
    Words w = {ENC};
    add(w, npub);
    add(w, {0x40000010, PT[0], PT[1], PT[2], PT[3]});
    DoWords d = {DoWord{0x50000010, false}};
    add_do(d, {CT[0], CT[1], CT[2], CT[3]});
    add_status(d, FAIL);
    cases.push_back(after_key("truncated after a segment", w, d));
    Words h = {ENC};
    add(h, npub);
    h.push_back(HASH);  /* HASH where a header is expected: truncation, then its own FAILURE */
    cases.push_back(after_key("HASH truncates", h, {DoWord{FAIL, true}, DoWord{FAIL, true}}));
  }
  {
    /* After a FAILURE, non-instructions are discarded; HASH/LDKEY still fail each time. */
    Words w = {0x50000000, 0x12345678, 0x00000000, HASH, 0xdeadbeef, LDKEY, 0x47000001};
    cases.push_back(after_key("discard after FAILURE", w, {DoWord{FAIL, true}, DoWord{FAIL, true}, DoWord{FAIL, true}}));
  }
  {
    /* Bad key (KEY header of length 8): activating it clears the key, ENC fails; the next
     * good LDKEY + ACTKEY recovers. Junk before LDKEY on sdi is discarded. */
    Case c{"bad key header", {0x11111111, LDKEY, 0xC7000008, 1, 2}, {ACTKEY}, {}};
    add(c.sdi, ldkey());
    DoWords unused;
    message(false, 17, c.pdi, unused);
    add_status(c.expected, FAIL);
    c.pdi.push_back(ACTKEY);
    message(false, 17, c.pdi, c.expected);
    cases.push_back(c);
  }
  {
    /* Good key, then a truncated LDKEY (new LDKEY where the header is expected): the second
     * ACTKEY activates the bad load and clears the good key; the third activates the next. */
    Case c{"truncated LDKEY", ldkey(), {ACTKEY}, {}};
    c.sdi.push_back(LDKEY);
    add(c.sdi, ldkey());
    message(false, 17, c.pdi, c.expected);
    c.pdi.push_back(ACTKEY);
    DoWords unused;
    message(false, 17, c.pdi, unused);
    add_status(c.expected, FAIL);
    c.pdi.push_back(ACTKEY);
    message(true, 64, c.pdi, c.expected);
    cases.push_back(c);
  }
  return cases;
}

/* `--long N`: timing runs for cosim (the interval per block is read from the cycle counts of the
 * calls): three runs of ACTKEY and one ENC of N, 2N and 3N blocks (pdi always valid, do always
 * ready); the second and third start alike, from the idle state the run before left. Prints the do
 * word count and a checksum of each run, for csim == cosim. */
static int long_runs(int n) {
  for (int blocks = n; blocks <= 3 * n; blocks += n) {
    Words sdi = ldkey(), pdi = {ACTKEY, ENC, 0xD2000010};
    add(pdi, NONCE);
    pdi.push_back(0x47000000u | (uint32_t)(16 * blocks));
    for (int i = 0; i < 4 * blocks; i++) pdi.push_back(PT[i % 16] ^ (0x01000193u * (uint32_t)i));
    DoWords got = run(sdi, pdi);
    uint32_t sum = 0;
    for (std::size_t i = 0; i < got.size(); i++) sum = (sum * 31u) ^ got[i].data ^ (got[i].last ? 0x80000000u : 0u);
    std::printf("long %d blocks: %zu do words, checksum %08x, status %08x\n", blocks, got.size(), sum,
                got.empty() ? 0u : got.back().data);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 2 && std::string(argv[1]) == "--long") return long_runs(std::atoi(argv[2]));
  /* The LWC vector set (1.), read first so that a bad path fails at once. */
  std::string dir = argc > 1 ? std::string(argv[1]) : tb_dir_of(__FILE__) + "tv";
  if (!dir.empty() && dir.back() != '/') dir += '/';
  Words pdi, sdi, expected_words;
  std::vector<bool> is_status;
  if (!read_lwc(dir + "pdi.txt", pdi, nullptr) || !read_lwc(dir + "sdi.txt", sdi, nullptr) ||
      !read_lwc(dir + "do.txt", expected_words, &is_status))
    return 1;
  DoWords expected;
  for (std::size_t i = 0; i < expected_words.size(); i++) expected.push_back(DoWord{expected_words[i], is_status[i]});
  std::set<uint32_t> keys = key_words_of(sdi);
  std::set<uint32_t> exempt(expected_words.begin(), expected_words.end());
  std::size_t statuses = 0;
  for (bool s : is_status) statuses += s;

  /* 2./3. Built-in commands, malformed input, key leak; then the replay (after the no-key case). */
  std::vector<Case> cases = builtin_cases();
  for (const Case &c : cases) compare(c.name, run(c.sdi, c.pdi), c.expected, key_words_of(c.sdi), {});
  compare("LWC replay " + dir, run(sdi, pdi), expected, keys, exempt);
  /* $AES_CTR_IO_DUMP=FILE writes the built-in cases (words in hex) for replay on the RTL module. */
  if (const char *dump = std::getenv("AES_CTR_IO_DUMP")) {
    FILE *f = std::fopen(dump, "w");
    if (!f) return 1;
    for (const Case &c : cases) {
      std::fprintf(f, "case %s\nsdi", c.name.c_str());
      for (uint32_t w : c.sdi) std::fprintf(f, " %08x", w);
      std::fprintf(f, "\npdi");
      for (uint32_t w : c.pdi) std::fprintf(f, " %08x", w);
      std::fprintf(f, "\ndo");
      for (const DoWord &w : c.expected) std::fprintf(f, " %08x:%d", w.data, w.last);
      std::fprintf(f, "\n");
    }
    std::fclose(f);
  }

  std::printf("aes128_ctr_io hls: LWC replay %zu do words (%zu messages), %zu built-in cases, %d runs, %d failures\n",
              expected.size(), statuses, cases.size(), runs, failures);
  return failures == 0 ? 0 : 1;
}
