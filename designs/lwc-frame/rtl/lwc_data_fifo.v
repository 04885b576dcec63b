`default_nettype none
// lwc_data_fifo — the decryption buffer of the LWC frame's PostProcessor (docs.md, "Release policy").
// Holds the plaintext words of one decryption until the CipherCore has verified the tag; clear_i
// empties it in one cycle (tag mismatch: the plaintext is dropped). Synchronous,
// first-word-fall-through, 2**DEPTH_LOG2 words. The storage is a plain register array written at
// one address per cycle (a synthesis tool may map it to distributed or block RAM).
// The full and empty flags are registers (computed from the next pointers), so wr_ready_o and
// rd_valid_o leave flip-flops: the PostProcessor's bdo_ready, which an HLS CipherCore's stall logic
// takes into the enable of all its registers, does not carry a pointer comparison
// (ascon-aead128/hls-u2's critical path on ecp5 before; docs/lwc.md). Same cycles as comparing the
// registered pointers.

module lwc_data_fifo #(
    parameter integer WIDTH      = 32,
    parameter integer DEPTH_LOG2 = 9
) (
    input  wire             clk_i,
    input  wire             rst_i,
    input  wire             clear_i,
    input  wire             wr_valid_i,
    output wire             wr_ready_o,
    input  wire [WIDTH-1:0] wr_data_i,
    output wire             rd_valid_o,
    input  wire             rd_ready_i,
    output wire [WIDTH-1:0] rd_data_o
);
    localparam integer DEPTH = 1 << DEPTH_LOG2;

    reg [DEPTH_LOG2:0] wr_ptr_q, wr_ptr_d;
    reg [DEPTH_LOG2:0] rd_ptr_q, rd_ptr_d;
    reg [WIDTH-1:0]    mem_q [0:DEPTH-1];
    reg                mem_we;
    reg                full_q, full_d;     // = the pointers are DEPTH apart
    reg                empty_q, empty_d;   // = the pointers are equal

    wire full  = full_q;
    wire empty = empty_q;

    assign wr_ready_o = !full;
    assign rd_valid_o = !empty;
    assign rd_data_o  = mem_q[rd_ptr_q[DEPTH_LOG2-1:0]];

    always @* begin : next_state
        wr_ptr_d = wr_ptr_q;
        rd_ptr_d = rd_ptr_q;
        mem_we   = 1'b0;
        if (clear_i) begin
            wr_ptr_d = {(DEPTH_LOG2+1){1'b0}};
            rd_ptr_d = {(DEPTH_LOG2+1){1'b0}};
        end else begin
            if (wr_valid_i && !full) begin
                mem_we   = 1'b1;
                wr_ptr_d = wr_ptr_q + 1'b1;
            end
            if (rd_ready_i && !empty) begin
                rd_ptr_d = rd_ptr_q + 1'b1;
            end
        end
        empty_d = (wr_ptr_d == rd_ptr_d);
        full_d  = (wr_ptr_d[DEPTH_LOG2-1:0] == rd_ptr_d[DEPTH_LOG2-1:0]) &&
                  (wr_ptr_d[DEPTH_LOG2] != rd_ptr_d[DEPTH_LOG2]);
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            wr_ptr_q <= {(DEPTH_LOG2+1){1'b0}};
            rd_ptr_q <= {(DEPTH_LOG2+1){1'b0}};
            full_q   <= 1'b0;
            empty_q  <= 1'b1;
        end else begin
            wr_ptr_q <= wr_ptr_d;
            rd_ptr_q <= rd_ptr_d;
            full_q   <= full_d;
            empty_q  <= empty_d;
        end
    end

    // Storage: written only (no reset, so it can map to RAM); stale words are unreachable once the
    // pointers are cleared.
    always @(posedge clk_i) begin : mem_update
        if (mem_we) begin
            mem_q[wr_ptr_q[DEPTH_LOG2-1:0]] <= wr_data_i;
        end
    end
endmodule

`default_nettype wire
