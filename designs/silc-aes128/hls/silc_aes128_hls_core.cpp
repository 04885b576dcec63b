/* silc_aes128_hls_core.cpp — SILC-AES (SUPERCOP aes128n12t8silcv2, 12-byte nonce, 8-byte tag) CipherCore
 * in HLS C++ for the LWC frame: the core CLOC and SILC share (designs/aes-modes-common/hls/
 * aes128_cfb_aead_hls.h), in its SILC mode, each job started in the last round of the job whose result
 * it needs (10 cycles per block). Reference: src/cryptohls/golden/silc.py.
 */
#define CFB_AEAD_SILC 1
#define CFB_AEAD_CHAIN_IN_LAST 1
#define CFB_AEAD_TOP silc_aes128_hls_core
#include "../../aes-modes-common/hls/aes128_cfb_aead_hls.h"
