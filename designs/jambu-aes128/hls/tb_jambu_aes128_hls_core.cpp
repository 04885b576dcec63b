/* tb_jambu_aes128_hls_core.cpp — C testbench of the JAMBU-AES HLS CipherCore (csim and cosim, unchanged).
 *
 * Plays the frame's side of the CipherCore port list (designs/lwc-frame/docs.md) with JAMBU-AES's
 * sizes: per published KAT record (<shared>/vectors/caesar/aesjambuv2/LWC_AEAD_KAT_128_64.txt) the
 * key (4 words), then an ENC (NPUB 8 bytes = 2 words, AD, PT: big-endian bytes, zero tail, size, valid
 * bytes, pad location, eot; an empty segment is one size-0 word) whose CT || tag is compared, a DEC of
 * the published CT || tag (PT and msg_auth = 1) and the same DEC with one tag bit flipped (msg_auth = 0).
 * Then a DEC ended as the frame's flush ends it (an all-zero 8-byte tag): the core must finish it and
 * the next ENC must be right. The KAT file: argv[1], else $CRYPTOHLS_SHARED_DIR/vectors/caesar/...,
 * else ../shared/vectors/caesar/... beside the checkout. Prints one line per failure and a summary;
 * exit status 0 only if everything matched. $JAMBU_KAT_STRIDE = n runs every n-th record only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "../../lwc-frame/hls/lwc_cipher_core.h"

void jambu_aes128_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                            hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth);

typedef std::vector<unsigned char> bytes;
static const size_t TAG_BYTES = 8;
static const char *KAT = "vectors/caesar/aesjambuv2/LWC_AEAD_KAT_128_64.txt";

struct kat {
  int count;
  bytes key, nonce, pt, ad, ct;
};

static bytes hex(const char *s) {
  bytes out;
  while (s[0] && s[1] && s[0] != '\n' && s[0] != '\r') {
    unsigned v;
    sscanf(s, "%2x", &v);
    out.push_back((unsigned char)v);
    s += 2;
  }
  return out;
}

static std::vector<kat> read_kats(const char *path) {
  std::vector<kat> kats;
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  char line[4096];
  kat k;
  while (fgets(line, sizeof line, f)) {
    char *eq = strstr(line, " = ");
    const char *v = eq ? eq + 3 : "";
    if (!strncmp(line, "Count", 5)) k = kat(), k.count = atoi(v);
    else if (!strncmp(line, "Key", 3)) k.key = hex(v);
    else if (!strncmp(line, "Nonce", 5)) k.nonce = hex(v);
    else if (!strncmp(line, "PT", 2)) k.pt = hex(v);
    else if (!strncmp(line, "AD", 2)) k.ad = hex(v);
    else if (!strncmp(line, "CT", 2)) {
      k.ct = hex(v);
      kats.push_back(k);
    }
  }
  fclose(f);
  return kats;
}

static data_t word_at(const bytes &b, size_t i) {
  data_t w = 0;
  for (size_t j = 0; j < 4; j++) w = (w << 8) | data_t(i + j < b.size() ? b[i + j] : 0);
  return w;
}

static void send_word(hls::stream<public_bus> &bdi, data_t w, int size, int type, bool dec, bool eot, bool eoi) {
  public_bus p;
  p.bdi = w;
  p.bdi_size = size;
  p.bdi_valid_bytes = (0xF0 >> size) & 0xF;
  p.bdi_pad_loc = size == 4 ? 0 : (0x8 >> size);
  p.bdi_type = type;
  p.bdi_eot = eot;
  p.bdi_eoi = eoi;
  p.decrypt_in = dec;
  p.hash_in = false;
  bdi.write(p);
}

/* A segment as the PreProcessor sends it on bdi. */
static void send_segment(hls::stream<public_bus> &bdi, const bytes &b, int type, bool dec, bool eoi) {
  size_t n = b.size();
  size_t words = n ? (n + 3) / 4 : 1;
  for (size_t k = 0; k < words; k++) {
    int size = n ? (n - 4 * k < 4 ? int(n - 4 * k) : 4) : 0;
    send_word(bdi, word_at(b, 4 * k), size, type, dec, k + 1 == words, eoi && k + 1 == words);
  }
}

static void send_key(hls::stream<secret_bus> &key, const bytes &k) {
  for (size_t i = 0; i < k.size(); i += 4) {
    secret_bus s;
    s.key = word_at(k, i);
    s.key_update = true;
    key.write(s);
  }
}

/* The bdo words' valid bytes; `types` gets each word's type. */
static bytes drain(hls::stream<output_bus> &bdo, std::vector<int> *types = 0) {
  bytes got;
  while (!bdo.empty()) {
    output_bus o = bdo.read();
    int nb = o.bdo_valid_bytes == 0xF ? 4 : o.bdo_valid_bytes == 0xE ? 3 : o.bdo_valid_bytes == 0xC ? 2 : 1;
    for (int j = 0; j < nb; j++) got.push_back((unsigned char)(o.bdo >> (24 - 8 * j)).to_uint());
    if (types) types->push_back(o.bdo_type.to_uint());
  }
  return got;
}

int main(int argc, char **argv) {
  std::string path;
  if (argc > 1) path = argv[1];
  else if (getenv("CRYPTOHLS_SHARED_DIR")) path = std::string(getenv("CRYPTOHLS_SHARED_DIR")) + "/" + KAT;
  else {
    std::string here = __FILE__;
    path = here.substr(0, here.rfind('/')) + "/../../../../shared/" + KAT;
  }
  std::vector<kat> kats = read_kats(path.c_str());
  // $JAMBU_KAT_STRIDE = n: every n-th record only (a quick run; the tests use 34: every AD and PT length)
  if (getenv("JAMBU_KAT_STRIDE") && atoi(getenv("JAMBU_KAT_STRIDE")) > 1) {
    std::vector<kat> some;
    for (size_t i = 0; i < kats.size(); i += atoi(getenv("JAMBU_KAT_STRIDE"))) some.push_back(kats[i]);
    kats = some;
  }
  hls::stream<secret_bus> key;
  hls::stream<public_bus> bdi;
  hls::stream<output_bus> bdo;
  hls::stream<bool> msg_auth;
  int failures = 0, enc = 0, dec = 0, forged = 0;
  for (const kat &k : kats) {
    send_key(key, k.key);
    jambu_aes128_hls_core(key, bdi, bdo, msg_auth);   // the key words
    send_segment(bdi, k.nonce, LWC_TYPE_NPUB, false, false);
    send_segment(bdi, k.ad, LWC_TYPE_AD, false, k.pt.empty());
    send_segment(bdi, k.pt, LWC_TYPE_PT, false, true);
    jambu_aes128_hls_core(key, bdi, bdo, msg_auth);
    std::vector<int> types;
    bytes got = drain(bdo, &types);
    bool types_ok = types.size() == (k.pt.size() + 3) / 4 + 2;
    for (size_t i = 0; types_ok && i < types.size(); i++)
      types_ok = types[i] == (i + 2 < types.size() ? LWC_TYPE_CT : LWC_TYPE_TAG);
    enc++;
    if (got != k.ct || !types_ok) printf("KAT %d ENC: wrong CT || tag\n", k.count), failures++;
    bytes ct(k.ct.begin(), k.ct.end() - TAG_BYTES), tag(k.ct.end() - TAG_BYTES, k.ct.end());
    for (int bad = 0; bad < 2; bad++) {
      if (bad) tag[k.count % TAG_BYTES] ^= 1 << (k.count % 8);
      send_segment(bdi, k.nonce, LWC_TYPE_NPUB, true, false);
      send_segment(bdi, k.ad, LWC_TYPE_AD, true, ct.empty());
      send_segment(bdi, ct, LWC_TYPE_CT, true, false);
      send_segment(bdi, tag, LWC_TYPE_TAG, true, true);
      jambu_aes128_hls_core(key, bdi, bdo, msg_auth);
      bytes pt = drain(bdo);   // the unverified plaintext: the frame withholds it on a bad tag
      bool ok = !msg_auth.empty() && msg_auth.read() == !bad && msg_auth.empty();
      if (!ok) printf("KAT %d DEC%s: wrong msg_auth\n", k.count, bad ? " (flipped tag)" : ""), failures++;
      if (pt != k.pt) printf("KAT %d DEC%s: wrong PT\n", k.count, bad ? " (flipped tag)" : ""), failures++;
      bad ? forged++ : dec++;
    }
  }
  // A DEC ended by the frame's flush (CT, then an all-zero tag of TAG_BYTES: two words of 4 bytes,
  // as the frame's PreProcessor sends it), then an ENC on the same key.
  int flushes = 0;
  if (!kats.empty()) {
    const kat &k = kats.back();
    bytes ct(k.ct.begin(), k.ct.end() - TAG_BYTES);
    send_segment(bdi, k.nonce, LWC_TYPE_NPUB, true, false);
    send_segment(bdi, k.ad, LWC_TYPE_AD, true, false);
    send_segment(bdi, ct, LWC_TYPE_CT, true, false);
    send_segment(bdi, bytes(TAG_BYTES, 0), LWC_TYPE_TAG, true, true);
    jambu_aes128_hls_core(key, bdi, bdo, msg_auth);
    bytes pt = drain(bdo);
    bool ok = !msg_auth.empty() && !msg_auth.read() && msg_auth.empty() && pt == k.pt;
    send_segment(bdi, k.nonce, LWC_TYPE_NPUB, false, false);
    send_segment(bdi, k.ad, LWC_TYPE_AD, false, false);
    send_segment(bdi, k.pt, LWC_TYPE_PT, false, true);
    jambu_aes128_hls_core(key, bdi, bdo, msg_auth);
    if (!ok || drain(bdo) != k.ct) printf("flushed DEC, then ENC: wrong\n"), failures++;
    flushes++;
  }
  printf("jambu-aes128 core: %zu KATs, %d ENC, %d DEC, %d DEC with a wrong tag, %d flushed DEC, %d failures\n",
         kats.size(), enc, dec, forged, flushes, failures);
  return failures || kats.empty() ? 1 : 0;
}
