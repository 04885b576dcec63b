/* tb_tiaoxin346_hls_core.cpp — C testbench of the HLS CipherCore (csim and cosim, unchanged).
 *
 * Plays the LWC frame's side of the CipherCore port list at CCW = 256 (designs/lwc-frame/docs.md, "Bus
 * width W"): per message of the vector file (argv[1], else tiaoxin_vectors.txt beside this file; lines
 * `KEY NONCE AD PT CT TAG` from gen_tiaoxin_vectors.py: CAESAR KAT records as published, then
 * golden-model messages with AD and PT of 0..100 bytes) it hands the core the key, then an ENC (NPUB,
 * AD, PT words as the PreProcessor makes them: 32 big-endian bytes, zero tail, size, valid bytes, pad
 * location, eot; an empty segment is one size-0 word) and checks CT || tag, then a DEC of CT || tag
 * (PT and msg_auth = 1), then the same DEC with one tag bit flipped (msg_auth = 0).
 * Prints one line per failure and a summary; exit status 0 only if everything matched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#ifndef CCW
#define CCW 256
#endif
#include "../../lwc-frame/hls/lwc_cipher_core.h"

#define WORD_BYTES (CCW / 8)

void tiaoxin346_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
                        hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth);

typedef std::vector<unsigned char> bytes;

static bytes hex(const char *s) {
  bytes out;
  if (!strcmp(s, "-")) return out;
  while (s[0] && s[1]) {
    unsigned v;
    sscanf(s, "%2x", &v);
    out.push_back((unsigned char)v);
    s += 2;
  }
  return out;
}

/* `n` bytes of b from i, big-endian, zero past b's end. */
static ap_uint<CCW> word_at(const bytes &b, size_t i, size_t n) {
  ap_uint<CCW> w = 0;
  for (size_t j = 0; j < n; j++) w = (w << 8) | ap_uint<CCW>(i + j < b.size() ? b[i + j] : 0);
  return w;
}

/* A segment as the PreProcessor sends it on bdi. */
static void send_segment(hls::stream<public_bus> &bdi, const bytes &b, int type, bool dec, bool eoi) {
  size_t n = b.size();
  size_t words = n ? (n + WORD_BYTES - 1) / WORD_BYTES : 1;
  for (size_t k = 0; k < words; k++) {
    size_t size = n ? (n - WORD_BYTES * k < WORD_BYTES ? n - WORD_BYTES * k : WORD_BYTES) : 0;
    public_bus p;
    p.bdi = word_at(b, WORD_BYTES * k, WORD_BYTES);
    p.bdi_size = size;
    data_bytes_t all = ~data_bytes_t(0);
    p.bdi_valid_bytes = size ? data_bytes_t(all << (WORD_BYTES - size)) : data_bytes_t(0);
    p.bdi_pad_loc = size == WORD_BYTES ? data_bytes_t(0) : data_bytes_t(data_bytes_t(1) << (WORD_BYTES - 1 - size));
    p.bdi_type = type;
    p.bdi_eot = k + 1 == words;
    p.bdi_eoi = eoi && k + 1 == words;
    p.decrypt_in = dec;
    p.hash_in = false;
    bdi.write(p);
  }
}

static bytes drain(hls::stream<output_bus> &bdo, unsigned long &digest) {
  bytes got;
  while (!bdo.empty()) {
    output_bus o = bdo.read();
    for (int j = 0; j < WORD_BYTES; j++) {
      if (o.bdo_valid_bytes[WORD_BYTES - 1 - j]) got.push_back((unsigned char)(o.bdo >> (CCW - 8 - 8 * j)).to_uint());
    }
    for (int j = 0; j < CCW / 32; j++) digest = digest * 31 + (o.bdo >> (32 * j)).to_uint();
    digest = digest * 31 + (o.bdo_type.to_uint() << 4) + o.end_of_block;
  }
  return got;
}

int main(int argc, char **argv) {
  std::string path;
  if (argc > 1) {
    path = argv[1];
  } else {
    std::string here = __FILE__;
    path = here.substr(0, here.rfind('/') + 1) + "tiaoxin_vectors.txt";
  }
  FILE *f = fopen(path.c_str(), "r");
  if (!f) {
    fprintf(stderr, "cannot open vector file %s\n", path.c_str());
    return 2;
  }
  hls::stream<secret_bus> key;
  hls::stream<public_bus> bdi;
  hls::stream<output_bus> bdo;
  hls::stream<bool> msg_auth;
  int failures = 0, count = 0, enc = 0, dec = 0, forged = 0;
  unsigned long digest = 0;
  static char fk[80], fn[80], fad[512], fpt[512], fct[512], ftag[80];
  while (fscanf(f, "%79s %79s %511s %511s %511s %79s", fk, fn, fad, fpt, fct, ftag) == 6) {
    count++;
    bytes k = hex(fk), nonce = hex(fn), ad = hex(fad), pt = hex(fpt), ct = hex(fct), tag = hex(ftag);
    for (int i = 0; i < 4; i++) {
      secret_bus s;
      s.key = word_at(k, 4 * i, 4);
      s.key_update = true;
      key.write(s);
    }
    tiaoxin346_hls_core(key, bdi, bdo, msg_auth);   // the key words
    send_segment(bdi, nonce, LWC_TYPE_NPUB, false, false);
    send_segment(bdi, ad, LWC_TYPE_AD, false, pt.empty());
    send_segment(bdi, pt, LWC_TYPE_PT, false, true);
    tiaoxin346_hls_core(key, bdi, bdo, msg_auth);
    bytes got = drain(bdo, digest), want = ct;
    want.insert(want.end(), tag.begin(), tag.end());
    enc++;
    if (got != want) printf("message %d ENC: wrong CT || tag\n", count), failures++;
    for (int bad = 0; bad < 2; bad++) {
      if (bad) tag[count % 16] ^= 1 << (count % 8);
      send_segment(bdi, nonce, LWC_TYPE_NPUB, true, false);
      send_segment(bdi, ad, LWC_TYPE_AD, true, ct.empty());
      send_segment(bdi, ct, LWC_TYPE_CT, true, false);
      send_segment(bdi, tag, LWC_TYPE_TAG, true, true);
      tiaoxin346_hls_core(key, bdi, bdo, msg_auth);
      bytes out = drain(bdo, digest);
      bool ok = !msg_auth.empty() && msg_auth.read() == !bad && msg_auth.empty();
      if (!ok) printf("message %d DEC%s: wrong msg_auth\n", count, bad ? " (flipped tag)" : ""), failures++;
      if (out != pt) printf("message %d DEC%s: wrong PT\n", count, bad ? " (flipped tag)" : ""), failures++;
      bad ? forged++ : dec++;
    }
  }
  fclose(f);
  printf("tiaoxin346 core: %d messages, %d ENC, %d DEC, %d DEC with a wrong tag, bdo digest %016lx, %d failures\n",
         count, enc, dec, forged, digest, failures);
  return failures || count == 0 ? 1 : 0;
}
