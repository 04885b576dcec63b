`default_nettype none
// lwc_header_fifo — the header FIFO of the LWC frame (designs/lwc-frame/docs.md).
// Carries what the PostProcessor needs and the CipherCore does not see: output segment headers and
// end-of-command entries, from the PreProcessor to the PostProcessor. Synchronous,
// first-word-fall-through, valid/ready on both sides, 2**DEPTH_LOG2 entries.

module lwc_header_fifo #(
    parameter integer WIDTH      = 34,
    parameter integer DEPTH_LOG2 = 2
) (
    input  wire             clk_i,
    input  wire             rst_i,
    input  wire             wr_valid_i,
    output wire             wr_ready_o,
    input  wire [WIDTH-1:0] wr_data_i,
    output wire             rd_valid_o,
    input  wire             rd_ready_i,
    output wire [WIDTH-1:0] rd_data_o
);
    localparam integer DEPTH = 1 << DEPTH_LOG2;

    // Pointers carry one extra bit so that full and empty differ.
    reg [DEPTH_LOG2:0]    wr_ptr_q, wr_ptr_d;
    reg [DEPTH_LOG2:0]    rd_ptr_q, rd_ptr_d;
    reg [WIDTH*DEPTH-1:0] mem_q, mem_d;

    wire empty = (wr_ptr_q == rd_ptr_q);
    wire full  = (wr_ptr_q[DEPTH_LOG2-1:0] == rd_ptr_q[DEPTH_LOG2-1:0]) &&
                 (wr_ptr_q[DEPTH_LOG2] != rd_ptr_q[DEPTH_LOG2]);

    assign wr_ready_o = !full;
    assign rd_valid_o = !empty;
    assign rd_data_o  = mem_q[rd_ptr_q[DEPTH_LOG2-1:0]*WIDTH +: WIDTH];

    always @* begin : next_state
        wr_ptr_d = wr_ptr_q;
        rd_ptr_d = rd_ptr_q;
        mem_d    = mem_q;
        if (wr_valid_i && !full) begin
            mem_d[wr_ptr_q[DEPTH_LOG2-1:0]*WIDTH +: WIDTH] = wr_data_i;
            wr_ptr_d = wr_ptr_q + 1'b1;
        end
        if (rd_ready_i && !empty) begin
            rd_ptr_d = rd_ptr_q + 1'b1;
        end
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            wr_ptr_q <= {(DEPTH_LOG2+1){1'b0}};
            rd_ptr_q <= {(DEPTH_LOG2+1){1'b0}};
            mem_q    <= {(WIDTH*DEPTH){1'b0}};
        end else begin
            wr_ptr_q <= wr_ptr_d;
            rd_ptr_q <= rd_ptr_d;
            mem_q    <= mem_d;
        end
    end
endmodule

`default_nettype wire
