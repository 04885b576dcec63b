`default_nettype none
// aes128_gcm_core (HLS variant) — the compiled CipherCore aes128_gcm_hls_core under the name and
// port list of the RTL core, so that rtl/aes128_gcm_lwc.v and the frame take it unchanged. The
// compiler already gives every CipherCore port its name (valid_ready streams of the bus structs,
// designs/lwc-frame/hls/lwc_cipher_core.h); only clock and reset differ: the compiler calls them
// ap_clk / ap_rst (contract C4), the frame's port list clk / rst (both synchronous, active high).
// Wiring only.

module aes128_gcm_core (
    input  wire        clk,
    input  wire        rst,
    input  wire [31:0] key,
    input  wire        key_valid,
    output wire        key_ready,
    input  wire        key_update,
    input  wire [31:0] bdi,
    input  wire        bdi_valid,
    output wire        bdi_ready,
    input  wire [3:0]  bdi_pad_loc,
    input  wire [3:0]  bdi_type,
    input  wire        bdi_eoi,
    input  wire        hash_in,
    input  wire [3:0]  bdi_valid_bytes,
    input  wire [2:0]  bdi_size,
    input  wire        bdi_eot,
    input  wire        decrypt_in,
    output wire [31:0] bdo,
    output wire        bdo_valid,
    input  wire        bdo_ready,
    output wire [3:0]  bdo_type,
    output wire [3:0]  bdo_valid_bytes,
    output wire        end_of_block,
    output wire        msg_auth_valid,
    input  wire        msg_auth_ready,
    output wire        msg_auth
);
    aes128_gcm_hls_core u_hls (
        .ap_clk(clk), .ap_rst(rst),
        .key(key), .key_valid(key_valid), .key_ready(key_ready), .key_update(key_update),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_pad_loc(bdi_pad_loc),
        .bdi_valid_bytes(bdi_valid_bytes), .bdi_size(bdi_size), .bdi_eot(bdi_eot), .bdi_eoi(bdi_eoi),
        .bdi_type(bdi_type), .decrypt_in(decrypt_in), .hash_in(hash_in),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth));
endmodule

`default_nettype wire
