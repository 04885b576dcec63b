`default_nettype none
// silc_aes128_core — SILC-AES (SUPERCOP aes128n12t8silcv2; 12-byte nonce, 8-byte tag) CipherCore for the LWC
// frame: designs/aes-modes-common/rtl/aes128_cfb_aead_core with SILC = 1, the core CLOC and SILC share
// (as their golden models share cloc.cfb_seal / cfb_open), with CHAIN_IN_LAST = 1: a job starts in the last
// round of the job it needs (10 cycles per block; CLOC keeps 11). Reference: src/cryptohls/golden/silc.py.

module silc_aes128_core (
    input  wire clk_i,
    input  wire rst_i,
    input  wire [31:0] key,
    input  wire key_valid,
    output wire key_ready,
    input  wire key_update,
    input  wire [31:0] bdi,
    input  wire bdi_valid,
    output wire bdi_ready,
    input  wire [3:0] bdi_pad_loc,
    input  wire [3:0] bdi_type,
    input  wire bdi_eoi,
    input  wire hash_in,
    input  wire [3:0] bdi_valid_bytes,
    input  wire [2:0] bdi_size,
    input  wire bdi_eot,
    input  wire decrypt_in,
    output wire [31:0] bdo,
    output wire bdo_valid,
    input  wire bdo_ready,
    output wire [3:0] bdo_type,
    output wire [3:0] bdo_valid_bytes,
    output wire end_of_block,
    output wire msg_auth_valid,
    input  wire msg_auth_ready,
    output wire msg_auth
);
    aes128_cfb_aead_core #(.SILC(1), .CHAIN_IN_LAST(1)) u_core (
        .clk_i(clk_i),
        .rst_i(rst_i),
        .key(key),
        .key_valid(key_valid),
        .key_ready(key_ready),
        .key_update(key_update),
        .bdi(bdi),
        .bdi_valid(bdi_valid),
        .bdi_ready(bdi_ready),
        .bdi_pad_loc(bdi_pad_loc),
        .bdi_type(bdi_type),
        .bdi_eoi(bdi_eoi),
        .hash_in(hash_in),
        .bdi_valid_bytes(bdi_valid_bytes),
        .bdi_size(bdi_size),
        .bdi_eot(bdi_eot),
        .decrypt_in(decrypt_in),
        .bdo(bdo),
        .bdo_valid(bdo_valid),
        .bdo_ready(bdo_ready),
        .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes),
        .end_of_block(end_of_block),
        .msg_auth_valid(msg_auth_valid),
        .msg_auth_ready(msg_auth_ready),
        .msg_auth(msg_auth)
    );
endmodule

`default_nettype wire
