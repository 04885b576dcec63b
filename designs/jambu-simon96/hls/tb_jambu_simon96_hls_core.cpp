/* tb_jambu_simon96_hls_core.cpp — C testbench of the JAMBU-SIMON HLS CipherCore (csim and cosim, unchanged).
 *
 * The shared KAT testbench of the LWC frame (designs/lwc-frame/hls/lwc_kat_tb.h: per KAT record key,
 * ENC, DEC of the published CT || tag, the same DEC with a flipped tag bit) with JAMBU-SIMON's sizes
 * (key 3 words, NPUB 6 bytes, tag 6 bytes) on <shared>/vectors/caesar/simonjambu96v2/LWC_AEAD_KAT_96_48.txt.
 * Then a DEC ended as the frame's flush ends it (an all-zero 6-byte tag): the core must finish it and
 * the next ENC must be right. $LWC_KAT_STRIDE = n runs every n-th record only.
 */
#include "../../lwc-frame/hls/lwc_kat_tb.h"

void jambu_simon96_hls_core(LWC_CORE_PARAMS);

/* A DEC ended by the frame's flush (CT, then an all-zero tag: words of 4 and 2 bytes, as the frame's
 * PreProcessor sends it), then an ENC on the same key (the record's). */
static bool flushed_dec_then_enc(const lwc_record &r, lwc_tally &t) {
  hls::stream<secret_bus> key;
  hls::stream<public_bus> bdi;
  hls::stream<output_bus> bdo;
  hls::stream<bool> msg_auth;
  lwc_send_segment(bdi, r.nonce, LWC_TYPE_NPUB, true, false);
  lwc_send_segment(bdi, r.ad, LWC_TYPE_AD, true, false);
  lwc_send_segment(bdi, r.ct, LWC_TYPE_CT, true, false);
  lwc_send_segment(bdi, bytes(r.tag.size(), 0), LWC_TYPE_TAG, true, true);
  jambu_simon96_hls_core(key, bdi, bdo, msg_auth);
  bytes pt = lwc_drain(bdo, t.digest);
  bool ok = !msg_auth.empty() && !msg_auth.read() && msg_auth.empty() && pt == r.pt;
  lwc_send_segment(bdi, r.nonce, LWC_TYPE_NPUB, false, false);
  lwc_send_segment(bdi, r.ad, LWC_TYPE_AD, false, false);
  lwc_send_segment(bdi, r.pt, LWC_TYPE_PT, false, true);
  jambu_simon96_hls_core(key, bdi, bdo, msg_auth);
  bytes ct = r.ct;
  ct.insert(ct.end(), r.tag.begin(), r.tag.end());
  return ok && lwc_drain(bdo, t.digest) == ct;
}

int main(int argc, char **argv) {
  lwc_tb tb = lwc_tb_named("jambu-simon96", jambu_simon96_hls_core, __FILE__);
  tb.kat_file = "vectors/caesar/simonjambu96v2/LWC_AEAD_KAT_96_48.txt";
  tb.tag_bytes = 6;
  std::vector<lwc_record> records = lwc_load(tb, argc, argv);
  lwc_tally t = lwc_run_records(tb, records);
  if (!records.empty()) {
    if (!flushed_dec_then_enc(records.back(), t)) printf("flushed DEC, then ENC: wrong\n"), t.failures++;
    t.extra = ", 1 flushed DEC";
  } else {
    t.extra = ", 0 flushed DEC";
  }
  return lwc_report(tb, records.size(), t);
}
