/* tb_colm0_aes128_hls_core.cpp — C testbench of the COLM0-AES128 HLS CipherCore (csim and cosim, unchanged).
 *
 * Plays the LWC frame's side of the CipherCore port list (designs/lwc-frame/docs.md): per message of
 * the vector file (argv[1], else colm0_vectors.txt beside this file; lines `KEY NONCE AD PT CT TAG` from
 * gen_colm0_vectors.py: 49 KAT records as published, then golden-model messages) it hands the core the
 * key, then an ENC (NPUB, AD, PT words as the PreProcessor makes them: big-endian bytes, zero tail,
 * size, valid bytes, pad location, eot; an empty segment is one size-0 word) and checks CT || tag,
 * then a DEC of CT || tag (PT and msg_auth = 1), then the same DEC with one tag bit flipped
 * (msg_auth = 0; its PT is not checked: COLM's tag holds bytes of C[l], and the frame drops it).
 * Prints one line per failure and a summary; exit status 0 only if everything matched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "../../lwc-frame/hls/lwc_cipher_core.h"

void colm0_aes128_hls_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
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

static data_t word_at(const bytes &b, size_t i) {
  data_t w = 0;
  for (size_t j = 0; j < 4; j++) w = (w << 8) | data_t(i + j < b.size() ? b[i + j] : 0);
  return w;
}

/* A segment as the PreProcessor sends it on bdi. */
static void send_segment(hls::stream<public_bus> &bdi, const bytes &b, int type, bool dec, bool eoi) {
  size_t n = b.size();
  size_t words = n ? (n + 3) / 4 : 1;
  for (size_t k = 0; k < words; k++) {
    size_t size = n ? (n - 4 * k < 4 ? n - 4 * k : 4) : 0;
    public_bus p;
    p.bdi = word_at(b, 4 * k);
    p.bdi_size = size;
    p.bdi_valid_bytes = (0xF0 >> size) & 0xF;
    p.bdi_pad_loc = size == 4 ? 0 : (0x8 >> size);
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
    int nb = o.bdo_valid_bytes == 0xF ? 4 : o.bdo_valid_bytes == 0xE ? 3 : o.bdo_valid_bytes == 0xC ? 2 : 1;
    for (int j = 0; j < nb; j++) got.push_back((unsigned char)(o.bdo >> (24 - 8 * j)).to_uint());
    digest = digest * 31 + o.bdo.to_uint() + (o.bdo_type.to_uint() << 4) + o.end_of_block;
  }
  return got;
}

int main(int argc, char **argv) {
  std::string path;
  if (argc > 1) {
    path = argv[1];
  } else {
    std::string here = __FILE__;
    path = here.substr(0, here.rfind('/') + 1) + "colm0_vectors.txt";
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
  static char fk[80], fiv[80], fad[2048], fpt[2048], fct[2048], ftag[80];
  while (fscanf(f, "%79s %79s %2047s %2047s %2047s %79s", fk, fiv, fad, fpt, fct, ftag) == 6) {
    count++;
    bytes k = hex(fk), iv = hex(fiv), ad = hex(fad), pt = hex(fpt), ct = hex(fct), tag = hex(ftag);
    for (int i = 0; i < 4; i++) {
      secret_bus s;
      s.key = word_at(k, 4 * i);
      s.key_update = true;
      key.write(s);
    }
    colm0_aes128_hls_core(key, bdi, bdo, msg_auth);   // the key words, L_* and K10
    send_segment(bdi, iv, LWC_TYPE_NPUB, false, false);
    send_segment(bdi, ad, LWC_TYPE_AD, false, pt.empty());
    send_segment(bdi, pt, LWC_TYPE_PT, false, true);
    colm0_aes128_hls_core(key, bdi, bdo, msg_auth);
    bytes got = drain(bdo, digest), want = ct;
    want.insert(want.end(), tag.begin(), tag.end());
    enc++;
    if (got != want) printf("message %d ENC: wrong CT || tag\n", count), failures++;
    for (int bad = 0; bad < 2; bad++) {
      if (bad) tag[count % 16] ^= 1 << (count % 8);
      send_segment(bdi, iv, LWC_TYPE_NPUB, true, false);
      send_segment(bdi, ad, LWC_TYPE_AD, true, ct.empty());
      send_segment(bdi, ct, LWC_TYPE_CT, true, false);
      send_segment(bdi, tag, LWC_TYPE_TAG, true, true);
      colm0_aes128_hls_core(key, bdi, bdo, msg_auth);
      bytes out = drain(bdo, digest);
      bool ok = !msg_auth.empty() && msg_auth.read() == !bad && msg_auth.empty();
      if (!ok) printf("message %d DEC%s: wrong msg_auth\n", count, bad ? " (flipped tag)" : ""), failures++;
      // a wrong tag may change M[l] too (the tag carries C[l]'s last bytes): the frame drops it anyway
      if (!bad && out != pt) printf("message %d DEC%s: wrong PT\n", count, bad ? " (flipped tag)" : ""), failures++;
      bad ? forged++ : dec++;
    }
  }
  fclose(f);
  printf("colm0-aes128 core: %d messages, %d ENC, %d DEC, %d DEC with a wrong tag, bdo digest %016lx, %d failures\n",
         count, enc, dec, forged, digest, failures);
  return failures || count == 0 ? 1 : 0;
}
