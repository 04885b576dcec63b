/* MISTY1 encryption, `hls` variant: a free-running stream core with the architecture of
 * rtl/misty1_enc.v (64-bit datapath, one round pair = two FL/FO rounds per cycle, seed 003's loop
 * body, the key expanded with each block).
 *
 * Structure as designs/aes128-ecb-enc/hls/aes_hls.cpp (its README explains why a free-running
 * loop and not a per-call function): the BLOCKS loop reads a block and expands the key that comes
 * with it (eight FI, EK'[i] = FI(EK[i], EK[i+1])), then the rolled PAIRS loop runs the four round
 * pairs; the last one (p == 3) also applies the final FL layer (FL8, FL9) and swaps the halves,
 * the way the AES core leaves out MixColumns in round 10.
 *
 * Cycle plan the compiler must reach (= RTL): cycle 0 reads `in` and `key` and expands the key,
 * cycles 1..4 run PAIRS p = 0..3, out.write() chained after the last pair in cycle 4, and cycle 4
 * is also cycle 0 of the next block: interval 4, latency 5.
 */
#include "misty1_hls.h"

void misty1_enc(hls::stream<misty1_block_t> &in, hls::stream<misty1_block_t> &out, misty1_key_t key) {
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
    ap_uint<32> d0 = block >> 32;
    ap_uint<32> d1 = block & 0xffffffff;
  PAIRS:
    for (int p = 0; p < 4; p++) {
#pragma HLS PIPELINE II=1
      int k = 2 * p;   /* rounds k and k + 1 (RFC 2994 section 2.4) */
      d0 = misty1_fl(d0, ek[p], ek[8 + (p + 6) % 8]);
      d1 = misty1_fl(d1, ek[8 + (p + 2) % 8], ek[(p + 4) % 8]);
      d1 = d1 ^ misty1_fo(d0, ek[k], ek[8 + (k + 5) % 8], ek[(k + 2) % 8], ek[8 + (k + 1) % 8],
                          ek[(k + 7) % 8], ek[8 + (k + 3) % 8], ek[(k + 4) % 8]);
      k = k + 1;
      d0 = d0 ^ misty1_fo(d1, ek[k], ek[8 + (k + 5) % 8], ek[(k + 2) % 8], ek[8 + (k + 1) % 8],
                          ek[(k + 7) % 8], ek[8 + (k + 3) % 8], ek[(k + 4) % 8]);
      if (p == 3) {   /* final layer FL8, FL9; the ciphertext is D1 || D0 */
        ap_uint<32> last0 = misty1_fl(d0, ek[4], ek[10]);
        d0 = misty1_fl(d1, ek[14], ek[0]);
        d1 = last0;
      }
    }
    out.write((misty1_block_t(d0) << 32) | d1);
  }
}
