`default_nettype none
// aes128_gcm_lwc — AES-128-GCM full module (96-bit IV in NPUB, 16-byte tag) with the LWC hardware API (DESIGN.md §6, W = 32):
// the shared LWC frame (designs/lwc-frame/rtl: PreProcessor, header FIFO, PostProcessor) around the
// CipherCore aes128_gcm_core, connected by the GMU CryptoCore port list (lwc-frame/docs.md).
// Every cipher's top is this file with its own core; the frame modules are used unchanged.

module aes128_gcm_lwc #(
    parameter integer DEC_BUF_WORDS_LOG2 = 9   // decryption buffer 2**9 words: DEC CT <= 2048 bytes
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire [31:0] pdi_data,
    input  wire        pdi_valid,
    output wire        pdi_ready,
    input  wire [31:0] sdi_data,
    input  wire        sdi_valid,
    output wire        sdi_ready,
    output wire [31:0] do_data,
    output wire        do_valid,
    input  wire        do_ready,
    output wire        do_last
);
    localparam integer TAG_BYTES = 16;

    // CipherCore boundary
    wire [31:0] key;
    wire        key_valid, key_ready, key_update;
    wire [31:0] bdi;
    wire        bdi_valid, bdi_ready;
    wire [3:0]  bdi_pad_loc, bdi_valid_bytes, bdi_type;
    wire [2:0]  bdi_size;
    wire        bdi_eot, bdi_eoi, decrypt_in, hash_in;
    wire [31:0] bdo;
    wire        bdo_valid, bdo_ready;
    wire [3:0]  bdo_type, bdo_valid_bytes;
    wire        end_of_block;
    wire        msg_auth_valid, msg_auth_ready, msg_auth;
    // header FIFO
    wire        hw_valid, hw_ready, hr_valid, hr_ready;
    wire [33:0] hw_data, hr_data;

    lwc_pre_processor #(
        .NPUB_BYTES(12), .TAG_BYTES(TAG_BYTES), .DEC_MAX_BYTES(4 << DEC_BUF_WORDS_LOG2)
    ) u_pre (
        .clk_i(clk_i), .rst_i(rst_i),
        .pdi_data(pdi_data), .pdi_valid(pdi_valid), .pdi_ready(pdi_ready),
        .sdi_data(sdi_data), .sdi_valid(sdi_valid), .sdi_ready(sdi_ready),
        .key(key), .key_valid(key_valid), .key_ready(key_ready), .key_update(key_update),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_pad_loc(bdi_pad_loc),
        .bdi_valid_bytes(bdi_valid_bytes), .bdi_size(bdi_size), .bdi_eot(bdi_eot), .bdi_eoi(bdi_eoi),
        .bdi_type(bdi_type), .decrypt_in(decrypt_in), .hash_in(hash_in),
        .hdr_valid_o(hw_valid), .hdr_ready_i(hw_ready), .hdr_data_o(hw_data));

    lwc_header_fifo #(.WIDTH(34), .DEPTH_LOG2(2)) u_hdr_fifo (
        .clk_i(clk_i), .rst_i(rst_i),
        .wr_valid_i(hw_valid), .wr_ready_o(hw_ready), .wr_data_i(hw_data),
        .rd_valid_o(hr_valid), .rd_ready_i(hr_ready), .rd_data_o(hr_data));

    aes128_gcm_core u_core (
        .clk(clk_i), .rst(rst_i),
        .key(key), .key_valid(key_valid), .key_ready(key_ready), .key_update(key_update),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_pad_loc(bdi_pad_loc),
        .bdi_valid_bytes(bdi_valid_bytes), .bdi_size(bdi_size), .bdi_eot(bdi_eot), .bdi_eoi(bdi_eoi),
        .bdi_type(bdi_type), .decrypt_in(decrypt_in), .hash_in(hash_in),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth));

    lwc_post_processor #(.TAG_BYTES(TAG_BYTES), .BUF_WORDS_LOG2(DEC_BUF_WORDS_LOG2)) u_post (
        .clk_i(clk_i), .rst_i(rst_i),
        .do_data(do_data), .do_valid(do_valid), .do_ready(do_ready), .do_last(do_last),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_valid_bytes(bdo_valid_bytes),
        .bdo_type(bdo_type), .end_of_block(end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth),
        .hdr_valid_i(hr_valid), .hdr_ready_o(hr_ready), .hdr_data_i(hr_data));
endmodule

`default_nettype wire
