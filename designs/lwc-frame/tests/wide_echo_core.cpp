/* wide_echo_core — test input only (not a cipher): the smallest CipherCore on lwc_cipher_core.h, to check
 * the port widths the header gives for a CCW other than 32 (tests/test_lwc_cipher_core_width.py). The
 * test compiles it with -DCCW=<n>; without it the header's default, 32, applies. */
#include "../hls/lwc_cipher_core.h"

void wide_echo_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi, hls::stream<output_bus> &bdo,
                    hls::stream<bool> &msg_auth) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=key
#pragma HLS INTERFACE mode=valid_ready port=bdi
#pragma HLS INTERFACE mode=valid_ready port=bdo register
#pragma HLS INTERFACE mode=valid_ready port=msg_auth
  secret_bus k = key.read();
  public_bus in = bdi.read();
  output_bus out;
  out.bdo = in.bdi ^ k.key;
  out.bdo_type = in.bdi_type;
  out.bdo_valid_bytes = in.bdi_valid_bytes & in.bdi_pad_loc;
  out.end_of_block = in.bdi_eot ^ in.bdi_eoi ^ in.decrypt_in ^ in.hash_in ^ (in.bdi_size == 0);
  bdo.write(out);
  msg_auth.write(k.key_update);
}
