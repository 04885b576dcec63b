`default_nettype none
// lwc_post_processor — PostProcessor of the LWC frame (designs/lwc-frame/docs.md, DESIGN.md §6).
// Builds the do stream from the header FIFO entries queued by the PreProcessor and the CipherCore's
// bdo words: ENC -> CT header, CT words, TAG header, tag words, SUCCESS; DEC -> the PT words go into
// the decryption buffer (lwc_data_fifo) and are released, after their PT header, only when the
// CipherCore reports a verified tag (msg_auth = 1), then SUCCESS; a failed tag empties the buffer
// and gives FAILURE alone. HASH -> HASH_VALUE header (queued by the PreProcessor), the digest words,
// SUCCESS. Bytes past a segment's end are zeroed (bdo_valid_bytes). do_data,
// do_valid and do_last are registers. Nothing but header FIFO entries (public header fields and
// constants) and CipherCore output words reaches do.
// Widths (docs.md, "Bus width W"): do is W bits (headers and status in [W-1:W-32], the rest zero); bdo
// is CCW bits (CCW divides W): up to W/CCW bdo words are do_packed into one do word (piece 0 in the top
// bits), the last word of a segment holding its remaining bytes. Segments are counted in bytes.

module lwc_post_processor #(
    parameter integer TAG_BYTES    = 16,
    parameter integer BUF_WORDS_LOG2 = 9,   // decryption buffer: 2**BUF_WORDS_LOG2 words of W bits
    parameter integer W            = 32,    // do width (a multiple of 32)
    parameter integer CCW          = 32     // CipherCore data width (bdo), divides W
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // LWC API, output
    output wire [W-1:0] do_data,
    output wire        do_valid,
    input  wire        do_ready,
    output wire        do_last,
    // CipherCore side (GMU CryptoCore names)
    input  wire [CCW-1:0] bdo,
    input  wire        bdo_valid,
    output wire        bdo_ready,
    input  wire [CCW/8-1:0] bdo_valid_bytes,
    /* verilator lint_off UNUSEDSIGNAL */
    // The frame counts words from the segment lengths; bdo_type and end_of_block are part of the
    // CipherCore boundary (docs.md) but not needed here.
    input  wire [3:0]  bdo_type,
    input  wire        end_of_block,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire        msg_auth_valid,
    output wire        msg_auth_ready,
    input  wire        msg_auth,
    // header FIFO read side: {kind[1:0], word[31:0]}
    input  wire        hdr_valid_i,
    output reg         hdr_ready_o,
    input  wire [33:0] hdr_data_i
);
    localparam [31:0] ST_SUCCESS = 32'hE000_0000;
    localparam [31:0] ST_FAILURE = 32'hF000_0000;
    localparam [3:0]  T_CT  = 4'b0101;
    localparam [3:0]  T_TAG = 4'b1000;
    localparam [3:0]  T_HVAL = 4'b1001;   // HASH_VALUE
    // TAG output header: type TAG, EOI = 0, EOT = 1, Last = 1, length TAG_BYTES
    localparam [31:0] TAG_HDR = {T_TAG, 4'b0011, 8'h00, TAG_BYTES[15:0]};
    localparam [15:0] TAG_LEN = TAG_BYTES[15:0];
    localparam integer NB = CCW / 8;                // bdo byte lanes
    localparam [15:0]  LANES = NB[15:0];
    localparam integer R  = W / CCW;                // bdo words per do word
    localparam integer PB = (R > 1) ? $clog2(R) : 1;
    localparam integer R_LAST = R - 1;
    localparam [PB-1:0] PART_LAST = R_LAST[PB-1:0];
    localparam [1:0]  K_OUTHDR      = 2'b00;
    localparam [1:0]  K_FAIL_NOCORE = 2'b01;
    localparam [1:0]  K_FAIL_CORE   = 2'b10;
    localparam [1:0]  K_END_OK      = 2'b11;

    // a 32-bit header or status word on the W-bit bus: bits [W-1:W-32], the rest zero
    function automatic [W-1:0] widen(input [31:0] word);
        begin
            widen = {W{1'b0}};
            widen[W-1:W-32] = word;
        end
    endfunction
    function automatic [W-1:0] zext(input [CCW-1:0] word);
        begin
            zext = {W{1'b0}};
            zext[CCW-1:0] = word;
        end
    endfunction

    localparam [3:0] O_IDLE     = 4'd0;
    localparam [3:0] O_ENC_DATA = 4'd1;
    localparam [3:0] O_ENC_TAGH = 4'd2;
    localparam [3:0] O_ENC_TAG  = 4'd3;
    localparam [3:0] O_OK       = 4'd4;
    localparam [3:0] O_DEC_DATA = 4'd5;
    localparam [3:0] O_DEC_END  = 4'd6;
    localparam [3:0] O_DEC_AUTH = 4'd7;
    localparam [3:0] O_DEC_HDR  = 4'd8;
    localparam [3:0] O_DEC_REL  = 4'd9;
    localparam [3:0] O_DRAIN    = 4'd10;
    localparam [3:0] O_FAIL     = 4'd11;

    reg [3:0]  st_q, st_d;
    reg [15:0] cnt_q, cnt_d;         // bytes left in the current segment
    reg [PB-1:0] part_q, part_d;     // bdo words already packed into acc_q (W > CCW)
    reg [W-1:0]  acc_q, acc_d;       // the do word being do_packed
    reg [31:0] hold_q, hold_d;       // DEC: the PT header, sent once the tag has verified
    reg        fail_q, fail_d;       // DEC: the command failed in the PreProcessor
    reg [W-1:0] do_q, do_d;
    reg        do_valid_q, do_valid_d;
    reg        do_last_q, do_last_d;
    // decryption buffer
    reg        buf_clear;
    reg        buf_wr_valid;
    wire       buf_wr_ready;
    reg        buf_rd_ready;
    wire       buf_rd_valid;
    wire [W-1:0] buf_rd_data;

    assign do_data  = do_q;
    assign do_valid = do_valid_q;
    assign do_last  = do_last_q;

    wire        do_free   = !do_valid_q || do_ready;
    wire [1:0]  hdr_kind  = hdr_data_i[33:32];
    wire [31:0] hdr_word  = hdr_data_i[31:0];
    wire [15:0] hdr_len   = hdr_word[15:0];
    wire [CCW-1:0] bdo_mask;
    genvar lane;
    generate
        for (lane = 0; lane < NB; lane = lane + 1) begin : g_mask
            assign bdo_mask[8*lane +: 8] = {8{bdo_valid_bytes[lane]}};
        end
    endgenerate
    wire [CCW-1:0] bdo_word = bdo & bdo_mask;
    // packing: the bdo word goes into piece part_q of the do word; the do word is complete with the
    // segment's last bdo word or its R-th piece
    // (at W = CCW: constant part 0 and no accumulator, so the bdo word is the do word)
    wire [PB-1:0] part      = (R > 1) ? part_q : {PB{1'b0}};
    wire [W-1:0] do_packed  = ((R > 1) ? acc_q : {W{1'b0}}) | (zext(bdo_word) << (W - CCW - CCW*part));
    wire         seg_end    = (cnt_q <= LANES);
    wire         word_done  = (R == 1) || seg_end || (part == PART_LAST);

    // Outputs to the CipherCore are continuous assignments (no glitches in zero-delay simulation).
    assign bdo_ready      = (((st_q == O_ENC_DATA) || (st_q == O_ENC_TAG)) && (do_free || !word_done)) ||
                            ((st_q == O_DEC_DATA) && (buf_wr_ready || !word_done)) || (st_q == O_DRAIN);
    assign msg_auth_ready = (st_q == O_DEC_AUTH);

    lwc_data_fifo #(.WIDTH(W), .DEPTH_LOG2(BUF_WORDS_LOG2)) u_buf (
        .clk_i(clk_i), .rst_i(rst_i), .clear_i(buf_clear),
        .wr_valid_i(buf_wr_valid), .wr_ready_o(buf_wr_ready), .wr_data_i(do_packed),
        .rd_valid_o(buf_rd_valid), .rd_ready_i(buf_rd_ready), .rd_data_o(buf_rd_data));

    always @* begin : next_state
        st_d           = st_q;
        cnt_d          = cnt_q;
        part_d         = part_q;
        acc_d          = acc_q;
        hold_d         = hold_q;
        fail_d         = fail_q;
        do_d           = do_q;
        do_valid_d     = do_valid_q && !do_ready;
        do_last_d      = do_last_q;
        hdr_ready_o    = 1'b0;
        buf_clear      = 1'b0;
        buf_wr_valid   = 1'b0;
        buf_rd_ready   = 1'b0;

        case (st_q)
            O_IDLE: begin
                hdr_ready_o = do_free;
                if (hdr_valid_i && do_free) begin
                    case (hdr_kind)
                        K_OUTHDR: begin
                            cnt_d = hdr_len;
                            if (hdr_word[31:28] == T_CT) begin
                                // ENC: the CT header goes out now
                                do_valid_d = 1'b1;
                                do_d       = widen(hdr_word);
                                do_last_d  = 1'b0;
                                st_d       = (hdr_len == 16'd0) ? O_ENC_TAGH : O_ENC_DATA;
                            end else if (hdr_word[31:28] == T_HVAL) begin
                                // HASH: the HASH_VALUE header, then the digest words, then SUCCESS
                                do_valid_d = 1'b1;
                                do_d       = widen(hdr_word);
                                do_last_d  = 1'b0;
                                st_d       = O_ENC_TAG;
                            end else begin
                                // DEC: the PT header waits for the tag verification
                                hold_d = hdr_word;
                                st_d   = (hdr_len == 16'd0) ? O_DEC_END : O_DEC_DATA;
                            end
                        end
                        K_FAIL_NOCORE: begin
                            do_valid_d = 1'b1;
                            do_d       = widen(ST_FAILURE);
                            do_last_d  = 1'b1;
                        end
                        K_FAIL_CORE: begin
                            // the core finishes the message on flushed input; drop its output
                            fail_d = 1'b1;
                            cnt_d  = TAG_LEN;
                            st_d   = hdr_word[28] ? O_DEC_AUTH : O_DRAIN;
                        end
                        default: ;   // K_END_OK outside a DEC: not produced by the PreProcessor
                    endcase
                end
            end
            O_ENC_DATA, O_ENC_TAG: begin
                if (bdo_valid && (do_free || !word_done)) begin
                    if (word_done) begin
                        do_valid_d = 1'b1;
                        do_d       = do_packed;
                        do_last_d  = 1'b0;
                        acc_d      = {W{1'b0}};
                        part_d     = {PB{1'b0}};
                    end else begin
                        acc_d      = do_packed;
                        part_d     = part + 1'b1;
                    end
                    cnt_d = seg_end ? 16'd0 : cnt_q - LANES;
                    if (seg_end) begin
                        st_d = (st_q == O_ENC_DATA) ? O_ENC_TAGH : O_OK;
                    end
                end
            end
            O_ENC_TAGH: begin
                if (do_free) begin
                    do_valid_d = 1'b1;
                    do_d       = widen(TAG_HDR);
                    do_last_d  = 1'b0;
                    cnt_d      = TAG_LEN;
                    st_d       = O_ENC_TAG;
                end
            end
            O_OK: begin
                if (do_free) begin
                    do_valid_d = 1'b1;
                    do_d       = widen(ST_SUCCESS);
                    do_last_d  = 1'b1;
                    st_d       = O_IDLE;
                end
            end
            O_DEC_DATA: begin
                buf_wr_valid = bdo_valid && word_done;
                if (bdo_valid && (buf_wr_ready || !word_done)) begin
                    acc_d  = word_done ? {W{1'b0}} : do_packed;
                    part_d = word_done ? {PB{1'b0}} : part + 1'b1;
                    cnt_d  = seg_end ? 16'd0 : cnt_q - LANES;
                    if (seg_end) begin
                        st_d = O_DEC_END;
                    end
                end
            end
            O_DEC_END: begin
                hdr_ready_o = 1'b1;
                if (hdr_valid_i) begin
                    fail_d = (hdr_kind != K_END_OK);
                    st_d   = O_DEC_AUTH;
                end
            end
            O_DEC_AUTH: begin
                if (msg_auth_valid) begin
                    if (msg_auth && !fail_q) begin
                        st_d = O_DEC_HDR;
                    end else begin
                        buf_clear = 1'b1;   // unverified plaintext is dropped
                        st_d      = O_FAIL;
                    end
                end
            end
            O_DEC_HDR: begin
                if (do_free) begin
                    do_valid_d = 1'b1;
                    do_d       = widen(hold_q);
                    do_last_d  = 1'b0;
                    st_d       = O_DEC_REL;
                end
            end
            O_DEC_REL: begin
                if (do_free) begin
                    do_valid_d = 1'b1;
                    if (buf_rd_valid) begin
                        buf_rd_ready = 1'b1;
                        do_d         = buf_rd_data;
                        do_last_d    = 1'b0;
                    end else begin
                        do_d      = widen(ST_SUCCESS);
                        do_last_d = 1'b1;
                        st_d      = O_IDLE;
                    end
                end
            end
            O_DRAIN: begin
                if (bdo_valid) begin
                    cnt_d = seg_end ? 16'd0 : cnt_q - LANES;
                    if (seg_end) begin
                        st_d = O_FAIL;
                    end
                end
            end
            O_FAIL: begin
                if (do_free) begin
                    buf_clear  = 1'b1;
                    fail_d     = 1'b0;
                    do_valid_d = 1'b1;
                    do_d       = widen(ST_FAILURE);
                    do_last_d  = 1'b1;
                    st_d       = O_IDLE;
                end
            end
            default: st_d = O_IDLE;
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q       <= O_IDLE;
            cnt_q      <= 16'd0;
            part_q     <= {PB{1'b0}};
            acc_q      <= {W{1'b0}};
            hold_q     <= 32'h0000_0000;
            fail_q     <= 1'b0;
            do_q       <= {W{1'b0}};
            do_valid_q <= 1'b0;
            do_last_q  <= 1'b0;
        end else begin
            st_q       <= st_d;
            cnt_q      <= cnt_d;
            part_q     <= part_d;
            acc_q      <= acc_d;
            hold_q     <= hold_d;
            fail_q     <= fail_d;
            do_q       <= do_d;
            do_valid_q <= do_valid_d;
            do_last_q  <= do_last_d;
        end
    end
endmodule

`default_nettype wire
