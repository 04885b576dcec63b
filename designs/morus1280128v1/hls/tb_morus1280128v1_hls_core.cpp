/* tb_morus1280128v1_hls_core.cpp — C testbench of the MORUS-1280-128 v1 HLS CipherCore (csim and cosim,
 * unchanged).
 *
 * Plays the LWC frame's side of the CipherCore port list at CCW = 256 (designs/lwc-frame/docs.md, "Bus
 * width W"): per KAT record of vectors/caesar/morus1280128v1/LWC_AEAD_KAT_128_128.txt it hands the core
 * the key (four 32-bit words), then an ENC (NPUB, AD, PT words as the PreProcessor makes them: 32
 * big-endian bytes, zero tail, size, valid bytes, pad location, eot; an empty segment is one size-0
 * word) and checks CT || tag, then a DEC of the published CT || tag (PT and msg_auth = 1), then the same
 * DEC with one tag bit flipped (msg_auth = 0). The KAT file: argv[1], else
 * $CRYPTOHLS_SHARED_DIR/vectors/caesar/morus1280128v1/..., else ../shared/vectors/ beside the checkout.
 * Prints one line per failure and a summary; exit status 0 only if everything matched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#define CCW 256
#include "../../lwc-frame/hls/lwc_cipher_core.h"

#define WORD_BYTES (CCW / 8)

void morus1280128v1_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                             hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth);

typedef std::vector<unsigned char> bytes;

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

/* `n` big-endian bytes of b from i (zero past b's end) as a word of n bytes */
template <int N>
static ap_uint<8 * N> word_at(const bytes &b, size_t i) {
  ap_uint<8 * N> w = 0;
  for (size_t j = 0; j < N; j++) w = (w << 8) | ap_uint<8 * N>(i + j < b.size() ? b[i + j] : 0);
  return w;
}

/* A segment as the PreProcessor sends it on bdi. */
static void send_segment(hls::stream<public_bus> &bdi, const bytes &b, int type, bool dec, bool eoi) {
  size_t n = b.size();
  size_t words = n ? (n + WORD_BYTES - 1) / WORD_BYTES : 1;
  for (size_t k = 0; k < words; k++) {
    size_t size = n ? (n - WORD_BYTES * k < WORD_BYTES ? n - WORD_BYTES * k : WORD_BYTES) : 0;
    data_bytes_t lanes = ~data_bytes_t(0);
    public_bus p;
    p.bdi = word_at<WORD_BYTES>(b, WORD_BYTES * k);
    p.bdi_size = size;
    p.bdi_valid_bytes = size == WORD_BYTES ? lanes : data_bytes_t(~(lanes >> size));
    p.bdi_pad_loc = size == WORD_BYTES ? data_bytes_t(0) : data_bytes_t(data_bytes_t(1) << (WORD_BYTES - 1 - size));
    p.bdi_type = type;
    p.bdi_eot = k + 1 == words;
    p.bdi_eoi = eoi && k + 1 == words;
    p.decrypt_in = dec;
    p.hash_in = false;
    bdi.write(p);
  }
}

/* The bytes on bdo (its valid bytes), folded into `digest` with the side fields. */
static bytes drain(hls::stream<output_bus> &bdo, unsigned long &digest) {
  bytes got;
  while (!bdo.empty()) {
    output_bus o = bdo.read();
    for (int j = 0; j < WORD_BYTES; j++) {
      unsigned char byte = (unsigned char)(o.bdo >> (CCW - 8 - 8 * j)).to_uint();
      if (o.bdo_valid_bytes[WORD_BYTES - 1 - j]) got.push_back(byte);
      digest = digest * 31 + byte;
    }
    digest = digest * 31 + (o.bdo_type.to_uint() << 4) + o.end_of_block + (o.bdo_valid_bytes.to_uint() << 5);
  }
  return got;
}

int main(int argc, char **argv) {
  const char *kat_file = "/vectors/caesar/morus1280128v1/LWC_AEAD_KAT_128_128.txt";
  std::string path;
  if (argc > 1) path = argv[1];
  else if (getenv("CRYPTOHLS_SHARED_DIR")) path = std::string(getenv("CRYPTOHLS_SHARED_DIR")) + kat_file;
  else {
    std::string here = __FILE__;
    path = here.substr(0, here.rfind('/')) + "/../../../../shared" + kat_file;
  }
  std::vector<kat> kats = read_kats(path.c_str());
  hls::stream<secret_bus> key;
  hls::stream<public_bus> bdi;
  hls::stream<output_bus> bdo;
  hls::stream<bool> msg_auth;
  int failures = 0, enc = 0, dec = 0, forged = 0;
  unsigned long digest = 0;
  for (const kat &k : kats) {
    for (int i = 0; i < 4; i++) {
      secret_bus s;
      s.key = word_at<4>(k.key, 4 * i);
      s.key_update = true;
      key.write(s);
    }
    morus1280128v1_hls_core(key, bdi, bdo, msg_auth);   // the key words
    // ENC: CT words then the tag word on bdo
    send_segment(bdi, k.nonce, LWC_TYPE_NPUB, false, false);
    send_segment(bdi, k.ad, LWC_TYPE_AD, false, k.pt.empty());
    send_segment(bdi, k.pt, LWC_TYPE_PT, false, true);
    morus1280128v1_hls_core(key, bdi, bdo, msg_auth);
    enc++;
    if (drain(bdo, digest) != k.ct || !msg_auth.empty()) printf("KAT %d ENC: wrong CT || tag\n", k.count), failures++;
    // DEC of the published CT || tag, then with a flipped tag bit
    bytes ct(k.ct.begin(), k.ct.end() - 16), tag(k.ct.end() - 16, k.ct.end());
    for (int bad = 0; bad < 2; bad++) {
      if (bad) tag[k.count % 16] ^= 1 << (k.count % 8);
      send_segment(bdi, k.nonce, LWC_TYPE_NPUB, true, false);
      send_segment(bdi, k.ad, LWC_TYPE_AD, true, ct.empty());
      send_segment(bdi, ct, LWC_TYPE_CT, true, false);
      send_segment(bdi, tag, LWC_TYPE_TAG, true, true);
      morus1280128v1_hls_core(key, bdi, bdo, msg_auth);
      bytes pt = drain(bdo, digest);
      bool ok = !msg_auth.empty() && msg_auth.read() == !bad && msg_auth.empty();
      if (!ok) printf("KAT %d DEC%s: wrong msg_auth\n", k.count, bad ? " (flipped tag)" : ""), failures++;
      if (pt != k.pt) printf("KAT %d DEC%s: wrong PT\n", k.count, bad ? " (flipped tag)" : ""), failures++;
      bad ? forged++ : dec++;
    }
  }
  printf("morus1280128v1 core: %zu KATs, %d ENC, %d DEC, %d DEC with a wrong tag, bdo digest %016lx, %d failures\n",
         kats.size(), enc, dec, forged, digest, failures);
  return failures || kats.empty() ? 1 : 0;
}
