/* misty1_sbox_top.h: the top of every style, the loop of designs/misty1-enc/hls/misty1_hls.cpp with
 * the same interface and pragmas (testbench ../misty1-enc/hls/tb_misty1_hls.cpp); included last,
 * after the style's S-boxes. */
#ifndef MISTY1_SBOX_TOP_H
#define MISTY1_SBOX_TOP_H

void misty1_enc(hls::stream<misty1_block_t> &in, hls::stream<misty1_block_t> &out, misty1_key_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
BLOCKS:
  HLS_FOREVER(!in.empty()) {
    ap_uint<16> ek[16];   /* EK[0..7] = the key's words, EK[8..15] = EK'[0..7] (RFC 2994 section 2.2) */
#pragma HLS ARRAY_PARTITION variable=ek complete dim=1
#ifdef MISTY1_KEY_LOOP
    /* The key schedule as a rolled loop (Type 1: its FIs queue for the shared tables anyway). The
     * key's words go into `ek` with the block, so that the key is used only in the cycle that accepts
     * the block (key_i is sampled with each block; scalar ports are wires the compiler reads in any
     * state, docs/compiler.md, so FIs spread over later cycles must read registers, not `key`). */
    misty1_block_t block = in.read();
    misty1_key_words(key, ek);
    ap_uint<16> ek_fi[8];   /* EK'[0..7]: written by KEYS, a register file apart from the words it reads */
#pragma HLS ARRAY_PARTITION variable=ek_fi complete dim=1
  KEYS:
    for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE II=1
      ek_fi[i] = misty1_fi(6, ek[i], ek[(i + 1) % 8]);
    }
  KEY_COPY:
    for (int i = 0; i < 8; i++) {
#pragma HLS UNROLL
      ek[8 + i] = ek_fi[i];
    }
#else
    misty1_key_schedule(key, ek);
    misty1_block_t block = in.read();
#endif
    ap_uint<32> d0 = block >> 32;
    ap_uint<32> d1 = block & 0xffffffff;
  PAIRS:
    for (int p = 0; p < 4; p++) {
#pragma HLS PIPELINE II=1
      int k = 2 * p;   /* rounds k and k + 1 (RFC 2994 section 2.4) */
      d0 = misty1_fl(d0, ek[p], ek[8 + (p + 6) % 8]);
      d1 = misty1_fl(d1, ek[8 + (p + 2) % 8], ek[(p + 4) % 8]);
      d1 = d1 ^ misty1_fo(0, d0, ek[k], ek[8 + (k + 5) % 8], ek[(k + 2) % 8], ek[8 + (k + 1) % 8],
                          ek[(k + 7) % 8], ek[8 + (k + 3) % 8], ek[(k + 4) % 8]);
      k = k + 1;
      d0 = d0 ^ misty1_fo(1, d1, ek[k], ek[8 + (k + 5) % 8], ek[(k + 2) % 8], ek[8 + (k + 1) % 8],
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

#endif /* MISTY1_SBOX_TOP_H */
