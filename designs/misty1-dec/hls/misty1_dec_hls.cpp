/* MISTY1 decryption, `hls` variant: a free-running stream core with the architecture of
 * rtl/misty1_dec.v (64-bit datapath, one round pair = two FO/FLINV rounds per cycle, the key
 * expanded with each block). The building blocks are those of the encryption core
 * (../../misty1-enc/hls/misty1_hls.h, included by relative path, not copied).
 *
 * The encryption steps backwards (RFC 2994 section 2.4): the ciphertext is D1 || D0; the first
 * pair (i == 0) also undoes the final layer (FLINV8, FLINV9); pair p = 3 - i then runs
 * D0 ^= FO(D1, 2p+1); D1 ^= FO(D0, 2p); D0 = FLINV(D0, 2p); D1 = FLINV(D1, 2p+1).
 *
 * Cycle plan the compiler must reach (= RTL): cycle 0 reads `in` and `key` and expands the key,
 * cycles 1..4 run PAIRS i = 0..3, out.write() chained after the last pair in cycle 4, and cycle 4
 * is also cycle 0 of the next block: interval 4, latency 5.
 */
#include "../../misty1-enc/hls/misty1_hls.h"

void misty1_dec(hls::stream<misty1_block_t> &in, hls::stream<misty1_block_t> &out, misty1_key_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
BLOCKS:
  HLS_FOREVER(!in.empty()) {
    ap_uint<16> ek[16];   /* EK[0..7] = the key's words, EK[8..15] = EK'[0..7] (RFC 2994 section 2.2) */
#pragma HLS ARRAY_PARTITION variable=ek complete dim=1
    misty1_key_schedule(key, ek);
    misty1_block_t block = in.read();
    ap_uint<32> d1 = block >> 32;
    ap_uint<32> d0 = block & 0xffffffff;
  PAIRS:
    for (int i = 0; i < 4; i++) {
#pragma HLS PIPELINE II=1
      int p = 3 - i;
      if (i == 0) {   /* undo the final layer FL8, FL9 */
        d0 = misty1_fl_inv(d0, ek[4], ek[10]);
        d1 = misty1_fl_inv(d1, ek[14], ek[0]);
      }
      int k = 2 * p + 1;
      d0 = d0 ^ misty1_fo(d1, ek[k], ek[8 + (k + 5) % 8], ek[(k + 2) % 8], ek[8 + (k + 1) % 8],
                          ek[(k + 7) % 8], ek[8 + (k + 3) % 8], ek[(k + 4) % 8]);
      k = 2 * p;
      d1 = d1 ^ misty1_fo(d0, ek[k], ek[8 + (k + 5) % 8], ek[(k + 2) % 8], ek[8 + (k + 1) % 8],
                          ek[(k + 7) % 8], ek[8 + (k + 3) % 8], ek[(k + 4) % 8]);
      d0 = misty1_fl_inv(d0, ek[p], ek[8 + (p + 6) % 8]);
      d1 = misty1_fl_inv(d1, ek[8 + (p + 2) % 8], ek[(p + 4) % 8]);
    }
    out.write((misty1_block_t(d0) << 32) | d1);
  }
}
