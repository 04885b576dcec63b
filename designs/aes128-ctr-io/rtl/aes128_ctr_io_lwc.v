`default_nettype none
// aes128_ctr_io_lwc — the LWC side of the AES-128-CTR module (Fig. 3 of the case study without the
// cryptographic core): public-input processor, secret-input processor, bypass FIFO and output
// processor, with the CTR core's ports brought out. aes128_ctr_io connects the core; the unit tests
// drive the core ports from a cycle model.

module aes128_ctr_io_lwc (
    input  wire         clk_i,
    input  wire         rst_i,
    // LWC ports (W = 32)
    input  wire [31:0]  pdi_data,
    input  wire         pdi_valid,
    output wire         pdi_ready,
    input  wire [31:0]  sdi_data,
    input  wire         sdi_valid,
    output wire         sdi_ready,
    output wire [31:0]  do_data,
    output wire         do_valid,
    input  wire         do_ready,
    output wire         do_last,
    // CTR core ports
    output wire [127:0] core_key_o,
    output wire         core_start_valid_o,
    input  wire         core_start_ready_i,
    output wire [95:0]  core_iv_o,
    output wire [31:0]  core_ctr_o,
    output wire         core_in_valid_o,
    input  wire         core_in_ready_i,
    output wire [127:0] core_in_data_o,
    input  wire         core_out_valid_i,
    output wire         core_out_ready_o,
    input  wire [127:0] core_out_data_i
);
    wire         act_valid;
    wire         act_ready;
    wire         key_ok;
    wire [127:0] nonce;
    wire         info_wr_valid;
    wire         info_wr_ready;
    wire [32:0]  info_wr_data;
    wire         info_rd_valid;
    wire         info_rd_ready;
    wire [32:0]  info_rd_data;

    // Blocks inside the core (accepted, result not yet taken): the key may change only at zero.
    reg  [1:0]   in_core_q, in_core_d;
    wire         core_in_fire  = core_in_valid_o && core_in_ready_i;
    wire         core_out_fire = core_out_valid_i && core_out_ready_o;
    wire         core_busy     = (in_core_q != 2'd0);

    assign core_iv_o  = nonce[127:32];
    assign core_ctr_o = nonce[31:0];

    aes128_ctr_io_pdi u_pdi (
        .clk_i(clk_i), .rst_i(rst_i),
        .pdi_data_i(pdi_data), .pdi_valid_i(pdi_valid), .pdi_ready_o(pdi_ready),
        .act_valid_o(act_valid), .act_ready_i(act_ready), .key_ok_i(key_ok), .core_busy_i(core_busy),
        .start_valid_o(core_start_valid_o), .start_ready_i(core_start_ready_i), .nonce_o(nonce),
        .blk_valid_o(core_in_valid_o), .blk_ready_i(core_in_ready_i), .blk_data_o(core_in_data_o),
        .info_valid_o(info_wr_valid), .info_ready_i(info_wr_ready), .info_data_o(info_wr_data)
    );

    aes128_ctr_io_sdi u_sdi (
        .clk_i(clk_i), .rst_i(rst_i),
        .sdi_data_i(sdi_data), .sdi_valid_i(sdi_valid), .sdi_ready_o(sdi_ready),
        .act_valid_i(act_valid), .act_ready_o(act_ready), .key_o(core_key_o), .key_ok_o(key_ok)
    );

    // The bypass FIFO is the LWC frame's header FIFO (designs/lwc-frame), 33 bits wide here.
    lwc_header_fifo #(.WIDTH(33), .DEPTH_LOG2(2)) u_fifo (
        .clk_i(clk_i), .rst_i(rst_i),
        .wr_valid_i(info_wr_valid), .wr_ready_o(info_wr_ready), .wr_data_i(info_wr_data),
        .rd_valid_o(info_rd_valid), .rd_ready_i(info_rd_ready), .rd_data_o(info_rd_data)
    );

    aes128_ctr_io_do u_do (
        .clk_i(clk_i), .rst_i(rst_i),
        .info_valid_i(info_rd_valid), .info_ready_o(info_rd_ready), .info_data_i(info_rd_data),
        .blk_valid_i(core_out_valid_i), .blk_ready_o(core_out_ready_o), .blk_data_i(core_out_data_i),
        .do_data_o(do_data), .do_valid_o(do_valid), .do_ready_i(do_ready), .do_last_o(do_last)
    );

    always @* begin : busy_count
        in_core_d = in_core_q;
        if (core_in_fire && !core_out_fire)      in_core_d = in_core_q + 2'd1;
        else if (!core_in_fire && core_out_fire) in_core_d = in_core_q - 2'd1;
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) in_core_q <= 2'd0;
        else       in_core_q <= in_core_d;
    end
endmodule

`default_nettype wire
