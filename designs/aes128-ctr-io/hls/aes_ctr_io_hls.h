/* aes_ctr_io_hls.h — types and top of the `hls` variant of aes128-ctr-io (aes_ctr_io_hls.cpp).
 *
 * LWC ports as streams (DESIGN.md §6, W = 32):
 *   pdi, sdi : hls::stream<ap_uint<32>>   (pdi_data/pdi_valid/pdi_ready, sdi_...)
 *   do       : hls::stream<lwc_do_t>      lwc_do_t = ap_uint<33>: bits [31:0] = do_data,
 *                                          bit 32 = do_last (high with the status word only)
 * `do` is a C++ keyword, so the argument is `dout`; its INTERFACE pragma names the port `do`.
 */
#ifndef AES_CTR_IO_HLS_H
#define AES_CTR_IO_HLS_H

#include "../../aes128-ecb-enc/hls/aes128_hls.h"

typedef ap_uint<32> lwc_word_t;
typedef ap_uint<33> lwc_do_t;

/* Command tokens from the public-input processor to the CTR core (one 130-bit stream word).
 * Structs rather than ap_uint<130>: clang-19 crashes generating code for some ap_uint<130>
 * operations of src/cryptohls/include/ap_int.h (_BitInt wider than 128 bits). */
static const int CMD_BLOCK = 0, CMD_START = 1, CMD_KEY = 2;
struct core_cmd_t {
  ap_uint<2> kind;
  ap_uint<128> data;  /* CMD_BLOCK: message block; CMD_START: IV ‖ counter; CMD_KEY: unused */
};

/* Activated key from the secret-input processor to the core: ok = good key; key is zero for a
 * bad load (activating it clears the active key). */
struct key_word_t {
  ap_uint<1> ok;
  ap_uint<128> key;
};

/* Bypass FIFO entries from the public-input processor to the output processor, [33:32] = kind:
 * an output segment header, the status word, or "a message started in the core" (the output
 * processor then reads the core's key-ok flag for that message). */
typedef ap_uint<34> bypass_t;
static const int BYP_HEADER = 0, BYP_STATUS = 1, BYP_MESSAGE = 2;

void aes128_ctr_io(hls::stream<lwc_word_t> &pdi, hls::stream<lwc_word_t> &sdi, hls::stream<lwc_do_t> &dout);

#endif /* AES_CTR_IO_HLS_H */
