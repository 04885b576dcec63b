`default_nettype none
// aes128_ctr_io — full AES-128-CTR cryptographic module with the LWC / CAESAR hardware API
// (DESIGN.md §6, W = 32): Fig. 3 of the case study. The LWC side (public-input and secret-input
// processors, bypass FIFO, output processor: aes128_ctr_io_lwc) feeds the CTR core aes128_ctr
// (designs/aes128-ctr). Ports, protocol subset, timing and FAILURE rules:
// designs/aes128-ctr-io/docs.md.

module aes128_ctr_io (
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
    wire [127:0] key;
    wire         start_valid;
    wire         start_ready;
    wire [95:0]  iv;
    wire [31:0]  ctr;
    wire         in_valid;
    wire         in_ready;
    wire [127:0] in_data;
    wire         out_valid;
    wire         out_ready;
    wire [127:0] out_data;

    aes128_ctr_io_lwc u_lwc (
        .clk_i(clk_i), .rst_i(rst_i),
        .pdi_data(pdi_data), .pdi_valid(pdi_valid), .pdi_ready(pdi_ready),
        .sdi_data(sdi_data), .sdi_valid(sdi_valid), .sdi_ready(sdi_ready),
        .do_data(do_data), .do_valid(do_valid), .do_ready(do_ready), .do_last(do_last),
        .core_key_o(key),
        .core_start_valid_o(start_valid), .core_start_ready_i(start_ready),
        .core_iv_o(iv), .core_ctr_o(ctr),
        .core_in_valid_o(in_valid), .core_in_ready_i(in_ready), .core_in_data_o(in_data),
        .core_out_valid_i(out_valid), .core_out_ready_o(out_ready), .core_out_data_i(out_data)
    );

    aes128_ctr u_core (
        .clk_i(clk_i), .rst_i(rst_i), .key_i(key),
        .start_valid_i(start_valid), .start_ready_o(start_ready), .iv_i(iv), .ctr_i(ctr),
        .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data),
        .out_valid_o(out_valid), .out_ready_i(out_ready), .out_data_o(out_data)
    );
endmodule

`default_nettype wire
