/* cloc_aes128_hls_core.cpp — CLOC-AES (SUPERCOP aes128n12t8clocv2, 12-byte nonce, 8-byte tag) CipherCore
 * in HLS C++ for the LWC frame: the core CLOC and SILC share (designs/aes-modes-common/hls/
 * aes128_cfb_aead_hls.h), in its CLOC mode. Reference: src/cryptohls/golden/cloc.py.
 */
#define CFB_AEAD_SILC 0
#define CFB_AEAD_TOP cloc_aes128_hls_core
#include "../../aes-modes-common/hls/aes128_cfb_aead_hls.h"
