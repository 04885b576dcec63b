/* aes_top.h: the top of every style (the loop of designs/aes128-ecb-enc/hls/aes_hls.cpp, same
 * interface and testbench): included last, after the style's aes_sub() / aes_enc_round(). */
#ifndef AES_TOP_H
#define AES_TOP_H

void aes128_ecb_enc(hls::stream<aes_block_t> &in, hls::stream<aes_block_t> &out, aes_block_t key) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=axis port=in
#pragma HLS INTERFACE mode=axis port=out register
#pragma HLS INTERFACE mode=ap_none port=key
#pragma HLS EXPRESSION_BALANCE off
BLOCKS:
  HLS_FOREVER(!in.empty()) {
    aes_block_t rk = key;
    aes_block_t s = in.read() ^ rk;
    ap_uint<8> rcon = 0x01;
  ROUNDS:
    for (int r = 0; r < 10; r++) {
#pragma HLS PIPELINE II=1
      rk = aes_key_step(rk, rcon);
      rcon = aes_xtime(rcon);
      s = aes_enc_round(s, rk, r == 9);
    }
    out.write(s);
  }
}

#endif /* AES_TOP_H */
