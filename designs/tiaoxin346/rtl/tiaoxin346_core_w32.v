`default_nettype none
// tiaoxin346_core_w32 — tiaoxin346_core (CCW = 256) behind designs/lwc-gearbox's lwc_ccw_gearbox: the
// CipherCore port list at CCW = 32, for the frame at W = 32 (variant rtl-w32, docs.md "Timing").
// A 32-byte block is 8 bdi words, one per cycle; the core's update runs with the 8th.

module tiaoxin346_core_w32 (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire [31:0] key,
    input  wire        key_valid,
    output wire        key_ready,
    input  wire        key_update,
    input  wire [31:0] bdi,
    input  wire        bdi_valid,
    output wire        bdi_ready,
    input  wire [3:0]  bdi_type,
    input  wire [2:0]  bdi_size,
    input  wire [3:0]  bdi_valid_bytes,
    input  wire [3:0]  bdi_pad_loc,
    input  wire        bdi_eot,
    input  wire        bdi_eoi,
    input  wire        decrypt_in,
    input  wire        hash_in,
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
    localparam integer CCW = 256;
    wire [CCW-1:0]   w_bdi, w_bdo;
    wire             w_bdi_valid, w_bdi_ready, w_bdi_eot, w_bdi_eoi, w_decrypt_in, w_hash_in;
    wire [3:0]       w_bdi_type, w_bdo_type;
    wire [5:0]       w_bdi_size;
    wire [CCW/8-1:0] w_bdi_valid_bytes, w_bdi_pad_loc, w_bdo_valid_bytes;
    wire             w_bdo_valid, w_bdo_ready, w_end_of_block;

    lwc_ccw_gearbox #(.WIDE(CCW)) u_gearbox (
        .clk_i(clk_i), .rst_i(rst_i),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_type(bdi_type), .bdi_size(bdi_size),
        .bdi_valid_bytes(bdi_valid_bytes), .bdi_pad_loc(bdi_pad_loc), .bdi_eot(bdi_eot), .bdi_eoi(bdi_eoi),
        .decrypt_in(decrypt_in), .hash_in(hash_in),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block),
        .w_bdi(w_bdi), .w_bdi_valid(w_bdi_valid), .w_bdi_ready(w_bdi_ready), .w_bdi_type(w_bdi_type),
        .w_bdi_size(w_bdi_size), .w_bdi_valid_bytes(w_bdi_valid_bytes), .w_bdi_pad_loc(w_bdi_pad_loc),
        .w_bdi_eot(w_bdi_eot), .w_bdi_eoi(w_bdi_eoi), .w_decrypt_in(w_decrypt_in), .w_hash_in(w_hash_in),
        .w_bdo(w_bdo), .w_bdo_valid(w_bdo_valid), .w_bdo_ready(w_bdo_ready), .w_bdo_type(w_bdo_type),
        .w_bdo_valid_bytes(w_bdo_valid_bytes), .w_end_of_block(w_end_of_block));

    tiaoxin346_core #(.CCW(CCW)) u_core (
        .clk_i(clk_i), .rst_i(rst_i),
        .key(key), .key_valid(key_valid), .key_ready(key_ready), .key_update(key_update),
        .bdi(w_bdi), .bdi_valid(w_bdi_valid), .bdi_ready(w_bdi_ready), .bdi_pad_loc(w_bdi_pad_loc),
        .bdi_valid_bytes(w_bdi_valid_bytes), .bdi_size(w_bdi_size), .bdi_eot(w_bdi_eot), .bdi_eoi(w_bdi_eoi),
        .bdi_type(w_bdi_type), .decrypt_in(w_decrypt_in), .hash_in(w_hash_in),
        .bdo(w_bdo), .bdo_valid(w_bdo_valid), .bdo_ready(w_bdo_ready), .bdo_type(w_bdo_type),
        .bdo_valid_bytes(w_bdo_valid_bytes), .end_of_block(w_end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth));
endmodule

`default_nettype wire
