`default_nettype none
// lwc_frame_harness — test harness (not part of any variant): the LWC frame (PreProcessor, header
// FIFO, PostProcessor) with the CipherCore port list brought out, so that the frame can be tested
// against a cocotb model of a CipherCore (tests/test_lwc_frame.py), independently of any RTL core.

module lwc_frame_harness #(
    parameter integer DEC_BUF_WORDS_LOG2 = 9,
    parameter integer W                  = 32,   // pdi / do width
    parameter integer CCW                = 32,   // CipherCore data width
    parameter integer KEY_BYTES          = 16,   // segment sizes (test_lwc_frame_sizes.py: not multiples of 4)
    parameter integer NPUB_BYTES         = 16,
    parameter integer TAG_BYTES          = 16
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire [W-1:0] pdi_data,
    input  wire        pdi_valid,
    output wire        pdi_ready,
    input  wire [31:0] sdi_data,
    input  wire        sdi_valid,
    output wire        sdi_ready,
    output wire [W-1:0] do_data,
    output wire        do_valid,
    input  wire        do_ready,
    output wire        do_last,
    // CipherCore boundary, seen from the core
    output wire [31:0] key,
    output wire        key_valid,
    input  wire        key_ready,
    output wire        key_update,
    output wire [CCW-1:0] bdi,
    output wire        bdi_valid,
    input  wire        bdi_ready,
    output wire [CCW/8-1:0] bdi_pad_loc,
    output wire [CCW/8-1:0] bdi_valid_bytes,
    output wire [$clog2(CCW/8+1)-1:0] bdi_size,
    output wire        bdi_eot,
    output wire        bdi_eoi,
    output wire [3:0]  bdi_type,
    output wire        decrypt_in,
    output wire        hash_in,
    input  wire [CCW-1:0] bdo,
    input  wire        bdo_valid,
    output wire        bdo_ready,
    input  wire [3:0]  bdo_type,
    input  wire [CCW/8-1:0] bdo_valid_bytes,
    input  wire        end_of_block,
    input  wire        msg_auth_valid,
    output wire        msg_auth_ready,
    input  wire        msg_auth
);
    wire        hw_valid, hw_ready, hr_valid, hr_ready;
    wire [33:0] hw_data, hr_data;

    lwc_pre_processor #(
        .KEY_BYTES(KEY_BYTES), .NPUB_BYTES(NPUB_BYTES), .TAG_BYTES(TAG_BYTES), .DEC_MAX_BYTES((W / 8) << DEC_BUF_WORDS_LOG2), .W(W), .CCW(CCW)
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

    lwc_post_processor #(.TAG_BYTES(TAG_BYTES), .BUF_WORDS_LOG2(DEC_BUF_WORDS_LOG2), .W(W), .CCW(CCW)) u_post (
        .clk_i(clk_i), .rst_i(rst_i),
        .do_data(do_data), .do_valid(do_valid), .do_ready(do_ready), .do_last(do_last),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_valid_bytes(bdo_valid_bytes),
        .bdo_type(bdo_type), .end_of_block(end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth),
        .hdr_valid_i(hr_valid), .hdr_ready_o(hr_ready), .hdr_data_i(hr_data));
endmodule

`default_nettype wire
