`default_nettype none
// aes128_ctr_io_do — output processor of the AES-128-CTR module with LWC I/O.
// Takes {is_status, word} entries from the bypass FIFO. A segment header is sent on do and
// followed by ceil(length/4) data words taken from the CTR core's 128-bit output blocks (four words
// per block, the segment's last block truncated, bytes past the length in its last word zeroed).
// A status word is sent with do_last. Every do word is a FIFO entry or a core output word:
// no path from the key registers reaches do.

module aes128_ctr_io_do (
    input  wire         clk_i,
    input  wire         rst_i,
    // bypass FIFO
    input  wire         info_valid_i,
    output wire         info_ready_o,
    input  wire [32:0]  info_data_i,
    // result blocks from the CTR core
    input  wire         blk_valid_i,
    output wire         blk_ready_o,
    input  wire [127:0] blk_data_i,
    // data output
    output wire [31:0]  do_data_o,
    output wire         do_valid_o,
    input  wire         do_ready_i,
    output wire         do_last_o
);
    localparam S_INFO = 1'b0;  // sending a FIFO entry (header or status)
    localparam S_DATA = 1'b1;  // sending a segment's data words

    reg         state_q, state_d;
    reg [127:0] blk_q, blk_d;
    reg         blk_full_q, blk_full_d;
    reg [1:0]   widx_q, widx_d;     // next word of blk_q to send
    reg [14:0]  words_q, words_d;   // data words left in the segment
    reg [1:0]   tail_q, tail_d;     // bytes in the segment's last word (0 = 4)

    wire [15:0] hdr_len   = info_data_i[15:0];
    wire [16:0] hdr_words = ({1'b0, hdr_len} + 17'd3) >> 2;
    wire [31:0] word      = blk_q[{~widx_q, 5'd0} +: 32];
    reg  [31:0] tail_mask;

    // Outputs as continuous assignments of state and inputs (see aes128_ctr_io_pdi).
    assign blk_ready_o  = !blk_full_q;
    assign info_ready_o = (state_q == S_INFO) && do_ready_i;
    assign do_valid_o   = (state_q == S_INFO) ? info_valid_i : blk_full_q;
    assign do_last_o    = (state_q == S_INFO) && info_valid_i && info_data_i[32];
    assign do_data_o    = (state_q == S_INFO) ? (info_valid_i ? info_data_i[31:0] : 32'd0) :
                          (!blk_full_q ? 32'd0 : (words_q == 15'd1) ? (word & tail_mask) : word);

    always @* begin : mask_select
        case (tail_q)
            2'd1:    tail_mask = 32'hFF00_0000;
            2'd2:    tail_mask = 32'hFFFF_0000;
            2'd3:    tail_mask = 32'hFFFF_FF00;
            default: tail_mask = 32'hFFFF_FFFF;
        endcase
    end

    always @* begin : next_state
        state_d      = state_q;
        blk_d        = blk_q;
        blk_full_d   = blk_full_q;
        widx_d       = widx_q;
        words_d      = words_q;
        tail_d       = tail_q;

        if (blk_valid_i && !blk_full_q) begin
            blk_d      = blk_data_i;
            blk_full_d = 1'b1;
        end

        case (state_q)
            S_INFO: begin
                if (info_valid_i && do_ready_i && !info_data_i[32] && hdr_words != 17'd0) begin
                    words_d = hdr_words[14:0];
                    tail_d  = hdr_len[1:0];
                    widx_d  = 2'd0;
                    state_d = S_DATA;
                end
            end
            S_DATA: begin
                if (blk_full_q && do_ready_i) begin
                    widx_d  = widx_q + 2'd1;
                    words_d = words_q - 15'd1;
                    if (widx_q == 2'd3 || words_q == 15'd1) begin
                        blk_full_d = 1'b0;
                        widx_d     = 2'd0;
                    end
                    if (words_q == 15'd1) state_d = S_INFO;
                end
            end
            default: state_d = S_INFO;
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            state_q    <= S_INFO;
            blk_q      <= 128'd0;
            blk_full_q <= 1'b0;
            widx_q     <= 2'd0;
            words_q    <= 15'd0;
            tail_q     <= 2'd0;
        end else begin
            state_q    <= state_d;
            blk_q      <= blk_d;
            blk_full_q <= blk_full_d;
            widx_q     <= widx_d;
            words_q    <= words_d;
            tail_q     <= tail_d;
        end
    end
endmodule

`default_nettype wire
