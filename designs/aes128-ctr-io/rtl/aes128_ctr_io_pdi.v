`default_nettype none
// aes128_ctr_io_pdi — public-input processor of the AES-128-CTR module with LWC I/O.
// Parses pdi commands (DESIGN.md §6, W = 32):
//   ACTKEY 0x70000000                 -> activates the key loaded on sdi (act_valid_o/act_ready_i)
//   ENC 0x20000000 / DEC 0x30000000   -> NPUB segment (type 1101, exactly 16 bytes: IV ‖ counter),
//                                        then empty AD segments (ignored) and PT (ENC) / CT (DEC)
//                                        segments until one carries Last
// NPUB goes to the CTR core with a start handshake; message words are packed into 128-bit blocks
// (big-endian, the last block zero-filled) for the core; output segment headers and the status word
// go to the bypass FIFO as {is_status, word}. Malformed input ends the command: one FAILURE status
// word is queued and the parser returns to S_IDLE, where it discards words that are not instructions
// until the next instruction (see docs.md for the exact rules and cycle bounds).

module aes128_ctr_io_pdi (
    input  wire         clk_i,
    input  wire         rst_i,
    // public data input
    input  wire [31:0]  pdi_data_i,
    input  wire         pdi_valid_i,
    output wire         pdi_ready_o,
    // key activation (ACTKEY) with the secret-input processor
    output wire         act_valid_o,
    input  wire         act_ready_i,
    input  wire         key_ok_i,      // the active key is a good one
    input  wire         core_busy_i,   // blocks are still inside the CTR core
    // message start to the CTR core: nonce_o = IV (96 bits) ‖ initial counter (32 bits)
    output wire         start_valid_o,
    input  wire         start_ready_i,
    output wire [127:0] nonce_o,
    // message blocks to the CTR core
    output wire         blk_valid_o,
    input  wire         blk_ready_i,
    output wire [127:0] blk_data_o,
    // bypass FIFO: {1'b1, status word} or {1'b0, output segment header}
    output wire         info_valid_o,
    input  wire         info_ready_i,
    output wire [32:0]  info_data_o
);
    localparam [31:0] INS_ENC    = 32'h2000_0000;
    localparam [31:0] INS_DEC    = 32'h3000_0000;
    localparam [31:0] INS_ACTKEY = 32'h7000_0000;
    localparam [31:0] INS_LDKEY  = 32'h4000_0000;  // sdi only: FAILURE on pdi
    localparam [31:0] INS_HASH   = 32'h8000_0000;  // not supported: FAILURE
    localparam [31:0] STATUS_OK  = 32'hE000_0000;
    localparam [31:0] STATUS_BAD = 32'hF000_0000;
    localparam [3:0]  SEG_AD     = 4'h1;
    localparam [3:0]  SEG_PT     = 4'h4;
    localparam [3:0]  SEG_CT     = 4'h5;
    localparam [3:0]  SEG_NPUB   = 4'hD;

    localparam [2:0] S_IDLE     = 3'd0;  // waiting for an instruction
    localparam [2:0] S_ACTKEY   = 3'd1;  // waiting for the sdi key (and an idle core)
    localparam [2:0] S_NPUB_HDR = 3'd2;
    localparam [2:0] S_NPUB_DAT = 3'd3;
    localparam [2:0] S_START    = 3'd4;  // handing the nonce to the core
    localparam [2:0] S_SEG_HDR  = 3'd5;  // waiting for an AD/PT/CT segment header
    localparam [2:0] S_SEG_DAT  = 3'd6;
    localparam [2:0] S_STATUS   = 3'd7;  // queueing the status word

    reg [2:0]   state_q, state_d;
    reg         dec_q, dec_d;        // command is DEC
    reg         nokey_q, nokey_d;    // command runs without a good key: drained, ends in FAILURE
    reg         fail_q, fail_d;      // command is malformed: ends in FAILURE
    reg         skip_q, skip_d;      // FAILURE reported: discard non-instructions until an instruction
    reg         last_q, last_d;      // the current segment carries Last
    reg [1:0]   cnt_q, cnt_d;        // NPUB word / word-in-block index
    reg [15:0]  left_q, left_d;      // bytes left in the current segment
    reg [127:0] nonce_q, nonce_d;
    reg [127:0] blk_q, blk_d;
    reg         blk_full_q, blk_full_d;

    wire [3:0]  w_type   = pdi_data_i[31:28];
    wire        w_last   = pdi_data_i[24];
    wire [15:0] w_len    = pdi_data_i[15:0];
    wire        w_common = !pdi_data_i[27] && (pdi_data_i[23:16] == 8'h00);  // no Partial, reserved 0
    // An instruction word where a segment header is expected ends a truncated command; it is not
    // consumed, so it starts the next command.
    wire        w_run    = (pdi_data_i == INS_ENC) || (pdi_data_i == INS_DEC) ||
                           (pdi_data_i == INS_ACTKEY);
    wire        w_instr  = w_run || (pdi_data_i == INS_LDKEY) || (pdi_data_i == INS_HASH);
    wire [3:0]  in_type  = dec_q ? SEG_CT : SEG_PT;
    wire [3:0]  out_type = dec_q ? SEG_PT : SEG_CT;
    wire        seg_end  = (left_q <= 16'd4);  // the current data word is the segment's last

    wire        hdr_ad   = (w_type == SEG_AD) && w_common && (w_len == 16'd0);
    wire        hdr_data = (w_type == in_type) && w_common && (w_last || w_len[3:0] == 4'd0);

    // Handshake outputs are continuous assignments of state and inputs: a next-state block that
    // wrote them (default, then override) would toggle them at every evaluation, and two such
    // blocks reading each other's outputs would loop forever in an event-driven simulator.
    assign pdi_ready_o   = (state_q == S_IDLE) || (state_q == S_NPUB_DAT) ||
                           (state_q == S_NPUB_HDR && !w_instr) ||
                           (state_q == S_SEG_HDR && !w_instr && info_ready_i) ||
                           (state_q == S_SEG_DAT && (nokey_q || !blk_full_q));
    assign act_valid_o   = (state_q == S_ACTKEY) && !blk_full_q && !core_busy_i;
    assign start_valid_o = (state_q == S_START) && !blk_full_q;
    // Output header (same flags and length, PT <-> CT) or the status word.
    assign info_valid_o  = (state_q == S_STATUS) ||
                           (state_q == S_SEG_HDR && pdi_valid_i && !w_instr && hdr_data && !nokey_q);
    assign info_data_o   = (state_q == S_STATUS) ?
                           {1'b1, (fail_q || nokey_q) ? STATUS_BAD : STATUS_OK} :
                           {1'b0, out_type, pdi_data_i[27:0]};
    assign nonce_o       = nonce_q;
    assign blk_valid_o   = blk_full_q;
    assign blk_data_o    = blk_q;

    always @* begin : next_state
        state_d       = state_q;
        dec_d         = dec_q;
        nokey_d       = nokey_q;
        fail_d        = fail_q;
        skip_d        = skip_q;
        last_d        = last_q;
        cnt_d         = cnt_q;
        left_d        = left_q;
        nonce_d       = nonce_q;
        blk_d         = blk_q;
        blk_full_d    = blk_full_q;

        if (blk_full_q && blk_ready_i) blk_full_d = 1'b0;

        case (state_q)
            S_IDLE: begin
                if (pdi_valid_i) begin
                    if (w_run) begin
                        skip_d  = 1'b0;
                        nokey_d = !key_ok_i;
                        dec_d   = (pdi_data_i == INS_DEC);
                        state_d = (pdi_data_i == INS_ACTKEY) ? S_ACTKEY : S_NPUB_HDR;
                    end else if (w_instr || !skip_q) begin
                        fail_d  = 1'b1;
                        state_d = S_STATUS;
                    end
                end
            end
            S_ACTKEY: begin
                // The key changes only when no block of the previous message is left to encrypt.
                if (act_valid_o && act_ready_i) state_d = S_IDLE;
            end
            S_NPUB_HDR: begin
                if (pdi_valid_i) begin
                    if (!w_instr && w_type == SEG_NPUB && w_common && w_len == 16'd16) begin
                        last_d  = w_last;
                        cnt_d   = 2'd0;
                        state_d = S_NPUB_DAT;
                    end else begin
                        fail_d  = 1'b1;
                        state_d = S_STATUS;
                    end
                end
            end
            S_NPUB_DAT: begin
                if (pdi_valid_i) begin
                    nonce_d = {nonce_q[95:0], pdi_data_i};
                    cnt_d   = cnt_q + 2'd1;
                    if (cnt_q == 2'd3) begin
                        if (!nokey_q)    state_d = S_START;
                        else if (last_q) state_d = S_STATUS;
                        else             state_d = S_SEG_HDR;
                    end
                end
            end
            S_START: begin
                // The previous message's last block must have entered the core first.
                if (start_valid_o && start_ready_i) state_d = last_q ? S_STATUS : S_SEG_HDR;
            end
            S_SEG_HDR: begin
                // pdi_ready_o waits for FIFO room: the header may queue an output header.
                if (pdi_valid_i) begin
                    if (w_instr) begin
                        fail_d  = 1'b1;
                        state_d = S_STATUS;
                    end else if (info_ready_i) begin
                        if (hdr_ad) begin
                            state_d = w_last ? S_STATUS : S_SEG_HDR;
                        end else if (hdr_data) begin
                            last_d       = w_last;
                            left_d       = w_len;
                            cnt_d        = 2'd0;
                            if (w_len != 16'd0) state_d = S_SEG_DAT;
                            else if (w_last)    state_d = S_STATUS;
                        end else begin
                            fail_d  = 1'b1;
                            state_d = S_STATUS;
                        end
                    end
                end
            end
            S_SEG_DAT: begin
                if (pdi_valid_i && pdi_ready_o) begin
                    left_d = seg_end ? 16'd0 : left_q - 16'd4;
                    cnt_d  = cnt_q + 2'd1;
                    if (!nokey_q) begin
                        if (cnt_q == 2'd0) blk_d = {pdi_data_i, 96'd0};
                        else               blk_d[{~cnt_q, 5'd0} +: 32] = pdi_data_i;
                        if (cnt_q == 2'd3 || seg_end) blk_full_d = 1'b1;
                    end
                    if (seg_end) state_d = last_q ? S_STATUS : S_SEG_HDR;
                end
            end
            S_STATUS: begin
                if (info_ready_i) begin
                    skip_d  = fail_q;
                    fail_d  = 1'b0;
                    state_d = S_IDLE;
                end
            end
            default: state_d = S_IDLE;
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            state_q    <= S_IDLE;
            dec_q      <= 1'b0;
            nokey_q    <= 1'b0;
            fail_q     <= 1'b0;
            skip_q     <= 1'b0;
            last_q     <= 1'b0;
            cnt_q      <= 2'd0;
            left_q     <= 16'd0;
            nonce_q    <= 128'd0;
            blk_q      <= 128'd0;
            blk_full_q <= 1'b0;
        end else begin
            state_q    <= state_d;
            dec_q      <= dec_d;
            nokey_q    <= nokey_d;
            fail_q     <= fail_d;
            skip_q     <= skip_d;
            last_q     <= last_d;
            cnt_q      <= cnt_d;
            left_q     <= left_d;
            nonce_q    <= nonce_d;
            blk_q      <= blk_d;
            blk_full_q <= blk_full_d;
        end
    end
endmodule

`default_nettype wire
