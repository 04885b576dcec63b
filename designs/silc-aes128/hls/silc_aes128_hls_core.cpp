/* silc_aes128_hls_core.cpp — SILC-AES (SUPERCOP aes128n12t8silcv2, 12-byte nonce, 8-byte tag) CipherCore
 * in HLS C++ for the LWC frame: the core CLOC and SILC share (designs/aes-modes-common/hls/
 * aes128_cfb_aead_hls.h), in its SILC mode. Reference: src/cryptohls/golden/silc.py.
 */
#define CFB_AEAD_SILC 1
#define CFB_AEAD_TOP silc_aes128_hls_core
#include "../../aes-modes-common/hls/aes128_cfb_aead_hls.h"
