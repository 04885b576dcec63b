/* lwc_cipher_core.h — the CipherCore interface of the LWC frame as C++ types, for HLS CipherCores.
 *
 * Seed 002 (Fig. 4-6) groups the CipherCore's ports by the handshake they share and writes each group
 * as a struct moved on an hls::stream; the struct's fields are the group's buses. With
 * `#pragma HLS INTERFACE mode=valid_ready port=<stream>` cryptohls gives such a stream the ports
 * <stream>_valid / <stream>_ready and one port per field, named as the field (docs/hls-c-guide.md §3),
 * so a core written against this header has exactly the port list of designs/lwc-frame/docs.md
 * ("CipherCore port list") and plugs into the frame in place of an RTL core:
 *
 *   void <cipher>_core(hls::stream<secret_bus> &key, hls::stream<public_bus> &bdi,
 *                      hls::stream<output_bus> &bdo, hls::stream<bool> &msg_auth) {
 *     LWC_CIPHER_CORE_INTERFACE   // = #pragma HLS INTERFACE mode=ap_ctrl_none port=return, and
 *                                 //   mode=valid_ready on key, bdi, bdo (register), msg_auth
 *
 * gives key, key_update, key_valid, key_ready; bdi, bdi_valid_bytes, bdi_pad_loc, bdi_size, bdi_type,
 * bdi_eot, bdi_eoi, decrypt_in, hash_in, bdi_valid, bdi_ready; bdo, bdo_type, bdo_valid_bytes,
 * end_of_block, bdo_valid, bdo_ready; msg_auth, msg_auth_valid, msg_auth_ready, plus the clock and
 * reset: clk_i, rst_i as the frame's with `cryptohls compile --clock-port clk_i --reset-port rst_i`
 * (design.toml: clock_port, reset_port), else ap_clk, ap_rst.
 * decrypt_in and hash_in travel with every bdi word (the frame registers them with it), so they are
 * fields of the public bus rather than scalar arguments.
 */
#ifndef LWC_CIPHER_CORE_H
#define LWC_CIPHER_CORE_H

#include "ap_int.h"
#include "hls_stream.h"

/* Bus widths (seed 002 Fig. 6): CCW public data, CCSW secret data, in bits. A core with a wider data
 * bus defines CCW before including this header (`#define CCW 256`; a multiple of 32 that divides the
 * frame's bus width W) and sets the same `ccw` in its design.toml [lwc] table (designs/lwc-frame/docs.md,
 * "Bus width W"); the key bus stays 32 bits. */
#ifndef CCW
#define CCW 32
#endif
#define CCSW 32

/* Bits of bdi_size (0 .. CCW/8 bytes): clog2(CCW/8 + 1). */
#if CCW / 8 < 8
#define LWC_SIZE_BITS 3
#elif CCW / 8 < 16
#define LWC_SIZE_BITS 4
#elif CCW / 8 < 32
#define LWC_SIZE_BITS 5
#elif CCW / 8 < 64
#define LWC_SIZE_BITS 6
#elif CCW / 8 < 128
#define LWC_SIZE_BITS 7
#else
#error "lwc_cipher_core.h: CCW above 1016 bits is not supported"
#endif

/* The CipherCore's interface block, written once: `LWC_CIPHER_CORE_INTERFACE` as the first line of the
 * core's body (the C99 pragma operator, which cryptohls reads as Vitis does; docs/hls-c-guide.md §1):
 * free-running, the four streams valid_ready, bdo from a register. */
#define LWC_CIPHER_CORE_INTERFACE                                    \
  _Pragma("HLS INTERFACE mode=ap_ctrl_none port=return")             \
  _Pragma("HLS INTERFACE mode=valid_ready port=key")                 \
  _Pragma("HLS INTERFACE mode=valid_ready port=bdi")                 \
  _Pragma("HLS INTERFACE mode=valid_ready port=bdo register")        \
  _Pragma("HLS INTERFACE mode=valid_ready port=msg_auth")

typedef ap_uint<CCW> data_t;            /* bdi, bdo */
typedef ap_uint<CCW / 8> data_bytes_t;  /* one bit per byte lane: valid bytes, pad location */
typedef ap_uint<LWC_SIZE_BITS> bsize_t; /* valid bytes of a word, 0 .. CCW/8 */
typedef ap_uint<4> seg_type_t;          /* segment type */
typedef ap_uint<CCSW> secret_t;         /* key */

/* Public group: block data in and what travels with it. */
struct public_bus {
  data_t bdi;
  data_bytes_t bdi_valid_bytes;
  data_bytes_t bdi_pad_loc;
  bsize_t bdi_size;
  seg_type_t bdi_type;
  bool bdi_eot;
  bool bdi_eoi;
  bool decrypt_in;
  bool hash_in;
};

/* Secret group: one key word; key_update is high with every word of a new key. */
struct secret_bus {
  secret_t key;
  bool key_update;
};

/* Output group: block data out. */
struct output_bus {
  data_t bdo;
  seg_type_t bdo_type;
  data_bytes_t bdo_valid_bytes;
  bool end_of_block;
};

/* Segment types on bdi_type / bdo_type (designs/lwc-frame/docs.md). */
#define LWC_TYPE_AD 0x1
#define LWC_TYPE_PT 0x4
#define LWC_TYPE_CT 0x5
#define LWC_TYPE_TAG 0x8
#define LWC_TYPE_NPUB 0xD

#endif /* LWC_CIPHER_CORE_H */
