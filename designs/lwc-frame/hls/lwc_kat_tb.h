/* lwc_kat_tb.h — the C testbench of every HLS CipherCore (csim and cosim, unchanged).
 *
 * Plays the LWC frame's side of the CipherCore port list (designs/lwc-frame/docs.md) at the core's bus
 * width CCW: per vector record it hands the core the key (32-bit words), then an ENC (NPUB, AD, PT words
 * as the PreProcessor makes them: big-endian bytes, zero tail, size, valid bytes, pad location, eot; an
 * empty segment is one size-0 word) and checks CT || tag (the bytes and the bdo types: CT words, then
 * tag words; no msg_auth), then a DEC of CT || tag (PT and msg_auth = 1), then the same DEC with one tag
 * bit flipped (msg_auth = 0). Prints one line per failure and a summary with a digest of every bdo word
 * and its side fields (so csim and cosim outputs can be compared); exit status 0 only if all matched.
 *
 * The vectors come in one of two formats:
 * - `vectors`: lines `KEY NONCE AD PT CT TAG` (hex, `-` for empty) in a file beside the testbench,
 *   records counted from 1 ("message n");
 * - `kat_file`: a published LWC KAT file (Count / Key / Nonce / PT / AD / CT = CT || tag blocks) under
 *   the shared folder: $CRYPTOHLS_SHARED_DIR/<kat_file>, else ../shared/<kat_file> beside the checkout
 *   ("KAT n", n its Count).
 * argv[1] names another file of the same format; $LWC_KAT_STRIDE = n keeps every n-th record only.
 *
 * A cipher's testbench (CCW, when not 32, is defined before the include):
 *
 *   #include "../../lwc-frame/hls/lwc_kat_tb.h"
 *   void acorn128v2_hls_core(LWC_CORE_PARAMS);
 *   int main(int argc, char **argv) {
 *     lwc_tb tb = lwc_tb_named("acorn128v2", acorn128v2_hls_core, __FILE__);
 *     tb.kat_file = "vectors/caesar/acorn128v2/LWC_AEAD_KAT_128_128.txt";
 *     return lwc_kat_main(tb, argc, argv);
 *   }
 *
 * A cipher with more to check (Ascon's hash mode) calls lwc_run_records and lwc_report itself and uses
 * lwc_send_segment / lwc_drain in between.
 */
#ifndef LWC_KAT_TB_H
#define LWC_KAT_TB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "lwc_cipher_core.h"

#define LWC_WORD_BYTES (CCW / 8)
#define LWC_CORE_PARAMS \
  hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi, hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth

typedef std::vector<unsigned char> bytes;
typedef void (*lwc_core_fn)(LWC_CORE_PARAMS);

/* What differs between ciphers. */
struct lwc_tb {
  const char *name;      /* the summary's "<name> core: ..." */
  lwc_core_fn core;
  const char *tb_file;   /* the testbench's __FILE__: `vectors` is beside it */
  const char *vectors;   /* a line file beside the testbench, or */
  const char *kat_file;  /* a KAT file under the shared folder */
  const char *kat_env;   /* an environment variable naming the KAT file first (optional) */
  size_t tag_bytes;      /* of the KAT file's CT || tag */
  bool forged_pt;        /* check the PT of the DEC with a wrong tag too (off for COLM: its tag holds bytes
                            of C[l], so a flipped tag bit changes M[l]; the frame drops that PT anyway) */
};

static inline lwc_tb lwc_tb_named(const char *name, lwc_core_fn core, const char *tb_file) {
  lwc_tb tb = {name, core, tb_file, 0, 0, 0, 16, true};
  return tb;
}

/* One message: key, nonce, AD, PT and what ENC gives (CT, tag). */
struct lwc_record {
  int count;
  bytes key, nonce, ad, pt, ct, tag;
};

/* What a run found; `extra` is more of the summary (", 10 HASH"). */
struct lwc_tally {
  int enc, dec, forged, failures;
  unsigned long digest;
  std::string extra;
};

/* Hex digits up to the first other character; "-" is empty. */
static inline bytes lwc_hex(const char *s) {
  bytes out;
  if (!strcmp(s, "-")) return out;
  unsigned v;
  while (s[0] && s[1] && sscanf(s, "%2x", &v) == 1) {
    out.push_back((unsigned char)v);
    s += 2;
  }
  return out;
}

/* `n` big-endian bytes of b from i (zero past b's end) as one word. */
template <int N>
static inline ap_uint<8 * N> lwc_word_at(const bytes &b, size_t i) {
  ap_uint<8 * N> w = 0;
  for (size_t j = 0; j < N; j++) w = (w << 8) | ap_uint<8 * N>(i + j < b.size() ? b[i + j] : 0);
  return w;
}

static inline FILE *lwc_open(const std::string &path) {
  FILE *f = fopen(path.c_str(), "r");
  if (!f) {
    fprintf(stderr, "cannot open vector file %s\n", path.c_str());
    exit(2);
  }
  return f;
}

static inline std::vector<lwc_record> lwc_read_lines(const std::string &path) {
  std::vector<lwc_record> records;
  FILE *f = lwc_open(path);
  static char fk[80], fn[80], fad[2048], fpt[2048], fct[2048], ftag[80];
  while (fscanf(f, "%79s %79s %2047s %2047s %2047s %79s", fk, fn, fad, fpt, fct, ftag) == 6) {
    lwc_record r;
    r.count = (int)records.size() + 1;
    r.key = lwc_hex(fk), r.nonce = lwc_hex(fn), r.ad = lwc_hex(fad), r.pt = lwc_hex(fpt);
    r.ct = lwc_hex(fct), r.tag = lwc_hex(ftag);
    records.push_back(r);
  }
  fclose(f);
  return records;
}

static inline std::vector<lwc_record> lwc_read_kat(const std::string &path, size_t tag_bytes) {
  std::vector<lwc_record> records;
  FILE *f = lwc_open(path);
  char line[4096];
  lwc_record r;
  while (fgets(line, sizeof line, f)) {
    char *eq = strstr(line, " = ");
    const char *v = eq ? eq + 3 : "";
    if (!strncmp(line, "Count", 5)) r = lwc_record(), r.count = atoi(v);
    else if (!strncmp(line, "Key", 3)) r.key = lwc_hex(v);
    else if (!strncmp(line, "Nonce", 5)) r.nonce = lwc_hex(v);
    else if (!strncmp(line, "PT", 2)) r.pt = lwc_hex(v);
    else if (!strncmp(line, "AD", 2)) r.ad = lwc_hex(v);
    else if (!strncmp(line, "CT", 2)) {
      bytes ct = lwc_hex(v);
      r.ct.assign(ct.begin(), ct.end() - tag_bytes);
      r.tag.assign(ct.end() - tag_bytes, ct.end());
      records.push_back(r);
    }
  }
  fclose(f);
  return records;
}

/* The records of argv[1] or of the cipher's file, every $LWC_KAT_STRIDE-th one. */
static inline std::vector<lwc_record> lwc_load(const lwc_tb &tb, int argc, char **argv) {
  std::string here = tb.tb_file, path;
  here = here.substr(0, here.rfind('/') + 1);
  if (argc > 1) path = argv[1];
  else if (tb.vectors) path = here + tb.vectors;
  else if (tb.kat_env && getenv(tb.kat_env)) path = getenv(tb.kat_env);
  else if (getenv("CRYPTOHLS_SHARED_DIR")) path = std::string(getenv("CRYPTOHLS_SHARED_DIR")) + "/" + tb.kat_file;
  else path = here + "../../../../shared/" + tb.kat_file;
  std::vector<lwc_record> records = tb.vectors ? lwc_read_lines(path) : lwc_read_kat(path, tb.tag_bytes);
  int stride = getenv("LWC_KAT_STRIDE") ? atoi(getenv("LWC_KAT_STRIDE")) : 1;
  if (stride > 1) {
    std::vector<lwc_record> some;
    for (size_t i = 0; i < records.size(); i += stride) some.push_back(records[i]);
    records = some;
  }
  return records;
}

static inline void lwc_send_key(hls::stream<secret_bus> &key, const bytes &k) {
  for (size_t i = 0; i < k.size(); i += 4) {
    secret_bus s;
    s.key = lwc_word_at<4>(k, i);
    s.key_update = true;
    key.write(s);
  }
}

/* A segment as the PreProcessor sends it on bdi. */
static inline void lwc_send_segment(hls::stream<public_bus> &bdi, const bytes &b, int type, bool dec, bool eoi,
                                    bool hash = false) {
  size_t n = b.size();
  size_t words = n ? (n + LWC_WORD_BYTES - 1) / LWC_WORD_BYTES : 1;
  for (size_t k = 0; k < words; k++) {
    size_t size = n ? (n - LWC_WORD_BYTES * k < LWC_WORD_BYTES ? n - LWC_WORD_BYTES * k : LWC_WORD_BYTES) : 0;
    data_bytes_t all = ~data_bytes_t(0);
    public_bus p;
    p.bdi = lwc_word_at<LWC_WORD_BYTES>(b, LWC_WORD_BYTES * k);
    p.bdi_size = size;
    p.bdi_valid_bytes = size ? data_bytes_t(all << (LWC_WORD_BYTES - size)) : data_bytes_t(0);
    p.bdi_pad_loc = size == LWC_WORD_BYTES ? data_bytes_t(0) : data_bytes_t(data_bytes_t(1) << (LWC_WORD_BYTES - 1 - size));
    p.bdi_type = type;
    p.bdi_eot = k + 1 == words;
    p.bdi_eoi = eoi && k + 1 == words;
    p.decrypt_in = dec;
    p.hash_in = hash;
    bdi.write(p);
  }
}

/* The valid bytes of the words on bdo, every byte lane and side field folded into `digest`;
 * `types` (if given) gets each word's bdo_type. */
static inline bytes lwc_drain(hls::stream<output_bus> &bdo, unsigned long &digest, std::vector<int> *types = 0) {
  bytes got;
  while (!bdo.empty()) {
    output_bus o = bdo.read();
    for (int j = 0; j < LWC_WORD_BYTES; j++) {
      unsigned char byte = (unsigned char)(o.bdo >> (CCW - 8 - 8 * j)).to_uint();
      bool valid = o.bdo_valid_bytes[LWC_WORD_BYTES - 1 - j];
      if (valid) got.push_back(byte);
      digest = digest * 31 + byte + (valid << 8);
    }
    digest = digest * 31 + (o.bdo_type.to_uint() << 4) + o.end_of_block;
    if (types) types->push_back(o.bdo_type.to_uint());
  }
  return got;
}

/* ENC's bdo types: a CT word per CCW/8 bytes of PT, then a tag word per CCW/8 bytes of tag. */
static inline bool lwc_enc_types_ok(const std::vector<int> &types, size_t pt_bytes, size_t tag_bytes) {
  size_t ct_words = (pt_bytes + LWC_WORD_BYTES - 1) / LWC_WORD_BYTES;
  if (types.size() != ct_words + (tag_bytes + LWC_WORD_BYTES - 1) / LWC_WORD_BYTES) return false;
  for (size_t i = 0; i < types.size(); i++)
    if (types[i] != (i < ct_words ? LWC_TYPE_CT : LWC_TYPE_TAG)) return false;
  return true;
}

/* Key, ENC, DEC and DEC with a flipped tag bit of every record. */
static inline lwc_tally lwc_run_records(const lwc_tb &tb, const std::vector<lwc_record> &records) {
  hls::stream<secret_bus> key;
  hls::stream<public_bus> bdi;
  hls::stream<output_bus> bdo;
  hls::stream<bool> msg_auth;
  lwc_tally t = {0, 0, 0, 0, 0, ""};
  const char *what = tb.vectors ? "message" : "KAT";
  for (const lwc_record &r : records) {
    lwc_send_key(key, r.key);
    tb.core(key, bdi, bdo, msg_auth);   // the key words
    lwc_send_segment(bdi, r.nonce, LWC_TYPE_NPUB, false, false);
    lwc_send_segment(bdi, r.ad, LWC_TYPE_AD, false, r.pt.empty());
    lwc_send_segment(bdi, r.pt, LWC_TYPE_PT, false, true);
    tb.core(key, bdi, bdo, msg_auth);
    std::vector<int> types;
    bytes got = lwc_drain(bdo, t.digest, &types), want = r.ct;
    want.insert(want.end(), r.tag.begin(), r.tag.end());
    t.enc++;
    if (got != want || !lwc_enc_types_ok(types, r.pt.size(), r.tag.size()) || !msg_auth.empty())
      printf("%s %d ENC: wrong CT || tag\n", what, r.count), t.failures++;
    bytes tag = r.tag;
    for (int bad = 0; bad < 2; bad++) {
      if (bad) tag[r.count % tag.size()] ^= 1 << (r.count % 8);
      lwc_send_segment(bdi, r.nonce, LWC_TYPE_NPUB, true, false);
      lwc_send_segment(bdi, r.ad, LWC_TYPE_AD, true, r.ct.empty());
      lwc_send_segment(bdi, r.ct, LWC_TYPE_CT, true, false);
      lwc_send_segment(bdi, tag, LWC_TYPE_TAG, true, true);
      tb.core(key, bdi, bdo, msg_auth);
      bytes pt = lwc_drain(bdo, t.digest);   // the unverified plaintext: the frame withholds it on a bad tag
      bool ok = !msg_auth.empty() && msg_auth.read() == !bad && msg_auth.empty();
      if (!ok) printf("%s %d DEC%s: wrong msg_auth\n", what, r.count, bad ? " (flipped tag)" : ""), t.failures++;
      if (pt != r.pt && (!bad || tb.forged_pt))
        printf("%s %d DEC%s: wrong PT\n", what, r.count, bad ? " (flipped tag)" : ""), t.failures++;
      bad ? t.forged++ : t.dec++;
    }
  }
  return t;
}

/* The summary line; the exit status. */
static inline int lwc_report(const lwc_tb &tb, size_t records, const lwc_tally &t) {
  printf("%s core: %zu %s, %d ENC, %d DEC, %d DEC with a wrong tag%s, bdo digest %016lx, %d failures\n", tb.name,
         records, tb.vectors ? "messages" : "KATs", t.enc, t.dec, t.forged, t.extra.c_str(), t.digest, t.failures);
  return t.failures || records == 0 ? 1 : 0;
}

static inline int lwc_kat_main(const lwc_tb &tb, int argc, char **argv) {
  std::vector<lwc_record> records = lwc_load(tb, argc, argv);
  return lwc_report(tb, records.size(), lwc_run_records(tb, records));
}

/* A DEC ended as the frame's flush ends it (CT, then an all-zero tag, as the PreProcessor sends it), then
 * an ENC on the same key (the record's, already in the core): the core must finish the DEC (msg_auth = 0,
 * the record's PT) and the ENC must be right (JAMBU's tag check runs on the tag words as they come). */
static inline bool lwc_flushed_dec_then_enc(const lwc_tb &tb, const lwc_record &r, lwc_tally &t) {
  hls::stream<secret_bus> key;
  hls::stream<public_bus> bdi;
  hls::stream<output_bus> bdo;
  hls::stream<bool> msg_auth;
  lwc_send_segment(bdi, r.nonce, LWC_TYPE_NPUB, true, false);
  lwc_send_segment(bdi, r.ad, LWC_TYPE_AD, true, false);
  lwc_send_segment(bdi, r.ct, LWC_TYPE_CT, true, false);
  lwc_send_segment(bdi, bytes(r.tag.size(), 0), LWC_TYPE_TAG, true, true);
  tb.core(key, bdi, bdo, msg_auth);
  bytes pt = lwc_drain(bdo, t.digest);
  bool ok = !msg_auth.empty() && !msg_auth.read() && msg_auth.empty() && pt == r.pt;
  lwc_send_segment(bdi, r.nonce, LWC_TYPE_NPUB, false, false);
  lwc_send_segment(bdi, r.ad, LWC_TYPE_AD, false, false);
  lwc_send_segment(bdi, r.pt, LWC_TYPE_PT, false, true);
  tb.core(key, bdi, bdo, msg_auth);
  bytes ct = r.ct;
  ct.insert(ct.end(), r.tag.begin(), r.tag.end());
  return ok && lwc_drain(bdo, t.digest) == ct;
}

/* The records, then one flushed DEC and an ENC on the last of them (lwc_flushed_dec_then_enc). */
static inline int lwc_kat_main_with_flush(const lwc_tb &tb, int argc, char **argv) {
  std::vector<lwc_record> records = lwc_load(tb, argc, argv);
  lwc_tally t = lwc_run_records(tb, records);
  t.extra = records.empty() ? ", 0 flushed DEC" : ", 1 flushed DEC";
  if (!records.empty() && !lwc_flushed_dec_then_enc(tb, records.back(), t))
    printf("flushed DEC, then ENC: wrong\n"), t.failures++;
  return lwc_report(tb, records.size(), t);
}

#endif /* LWC_KAT_TB_H */
