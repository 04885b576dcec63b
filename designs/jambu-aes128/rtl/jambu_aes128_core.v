`default_nettype none
// jambu_aes128_core — JAMBU-AES (AES-JAMBU, JAMBU v2; SUPERCOP aesjambuv2) CipherCore with the LWC
// frame's CipherCore port list (designs/lwc-frame/docs.md, CCW = CCSW = 32).
// Reference: src/cryptohls/golden/aesjambuv2.py and jambu.py (all 1089 published KATs).
//
// Datapath: designs/aes-modes-common's aes128_iter_unit (INVERSE = 0): one AES-128 round per clock
// cycle, round keys on the fly, a call every 10 cycles. JAMBU's step (U <- X ^ block,
// V <- Y ^ R ^ frame, R <- R ^ U) is done in the cycle of round 10, on that round's output, and the
// next call starts in the same cycle (start_i with the new U, V), so an 8-byte block costs 10 cycles:
// the bus words of the next block arrive and the CT words of the last one leave while the rounds run.
// "phase" names what is absorbed at the end of the current call:
//   INIT (block 0, frame 5, with R = 0: gives U = X, V = Y ^ 5, R = X), AD blocks (frame 1),
//   MSG blocks (frame 0, CT = P ^ Y ^ R), FIN (block 0, frame 3), TAG (tag = X ^ Y ^ R).
//
// Byte order (golden model): V is AES state bytes 0..7 and U bytes 8..15, and the mode is bytewise,
// so no swap: with FIPS-197's byte k in bits [127-8k -: 8], V = S[127:64], U = S[63:0], a block's
// bus bytes XOR into U, and the frame constants into byte 0 of V (bits [127:120] of the state).
//
// Sizes: key 16 bytes (4 words), nonce, tag and blocks 8 bytes (2 words). Input words go to an
// 8-byte buffer (acc_q, first byte in [63:56]) at byte 0 or 4 (cnt_q: every word but a segment's last
// is full); a segment's last block (cnt_q < 8 once its last word is in, eot_q) is padded with
// 80 00 ..; a segment that ends on a full block (or is empty) gets the padding-only block, as the
// golden model. Output bytes (CT/PT, ENC's tag) leave from obuf_q as 4-byte words, the last partial.

module jambu_aes128_core (
    input  wire        clk_i,
    input  wire        rst_i,
    // key
    input  wire [31:0] key,
    input  wire        key_valid,
    output wire        key_ready,
    /* verilator lint_off UNUSEDSIGNAL */
    // Key words come only between messages, each with key_update = 1; the words say enough.
    input  wire        key_update,
    /* verilator lint_on UNUSEDSIGNAL */
    // block data in
    input  wire [31:0] bdi,
    input  wire        bdi_valid,
    output wire        bdi_ready,
    /* verilator lint_off UNUSEDSIGNAL */
    // The message structure is fixed (NPUB, AD, PT/CT, TAG) and bytes past a segment's end are zero,
    // so the size and the end of the segment are all the core needs; no hash mode.
    input  wire [3:0]  bdi_pad_loc,
    input  wire [3:0]  bdi_type,
    input  wire        bdi_eoi,
    input  wire [3:0]  bdi_valid_bytes,
    input  wire        hash_in,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [2:0]  bdi_size,
    input  wire        bdi_eot,
    input  wire        decrypt_in,
    // block data out
    output wire [31:0] bdo,
    output wire        bdo_valid,
    input  wire        bdo_ready,
    output wire [3:0]  bdo_type,
    output wire [3:0]  bdo_valid_bytes,
    output wire        end_of_block,
    // tag verification (DEC)
    output wire        msg_auth_valid,
    input  wire        msg_auth_ready,
    output wire        msg_auth
);
    localparam [3:0] T_PT  = 4'b0100;
    localparam [3:0] T_CT  = 4'b0101;
    localparam [3:0] T_TAG = 4'b1000;

    localparam [1:0] S_IDLE = 2'd0;   // key words, NPUB words
    localparam [1:0] S_RUN  = 2'd1;   // AES calls (and the words of the segments meanwhile)
    localparam [1:0] S_TAG  = 2'd2;   // ENC: the tag words leave

    localparam [2:0] PH_INIT = 3'd0;
    localparam [2:0] PH_AD   = 3'd1;
    localparam [2:0] PH_MSG  = 3'd2;
    localparam [2:0] PH_FIN  = 3'd3;
    localparam [2:0] PH_TAG  = 3'd4;

    reg [1:0]   st_q, st_d;
    reg [2:0]   ph_q, ph_d;
    reg         dec_q, dec_d;
    reg [127:0] key_q, key_d;         // the key, bus order = FIPS-197 byte order
    reg [63:0]  r_q, r_d;             // JAMBU's R
    reg [63:0]  acc_q, acc_d;         // input bytes, first byte in [63:56]
    reg [3:0]   cnt_q, cnt_d;         // bytes in acc_q
    reg         eot_q, eot_d;         // the current segment's last word is in acc_q
    reg [63:0]  obuf_q, obuf_d;       // output bytes, first byte in [63:56]
    reg [3:0]   ocnt_q, ocnt_d;       // bytes in obuf_q
    reg [3:0]   otype_q, otype_d;

    // the first n bytes of an 8-byte block (n = 0 .. 8)
    function automatic [63:0] mask8(input [3:0] n);
        mask8 = ~(64'hFFFF_FFFF_FFFF_FFFF >> {n[3:0], 3'd0});
    endfunction
    // the padding byte 80 at byte n of a block (n = 0 .. 7)
    function automatic [63:0] pad8_at(input [2:0] n);
        pad8_at = 64'h8000_0000_0000_0000 >> {n, 3'd0};
    endfunction

    // ---- the AES unit: a call starts in IDLE (the nonce) or in round 10 of the previous call ----
    wire         aes_start;
    wire         aes_last;
    wire [127:0] aes_block;
    wire [127:0] aes_out;
    /* verilator lint_off UNUSEDSIGNAL */
    wire         aes_busy;
    wire [127:0] aes_rk;               // K10: for an inverse cipher, which JAMBU does not use
    /* verilator lint_on UNUSEDSIGNAL */

    aes128_iter_unit #(.INVERSE(0)) u_aes (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(aes_start), .inv_i(1'b0), .block_i(aes_block),
        .key_i(key_q), .take_i(step), .busy_o(aes_busy), .last_o(aes_last), .out_o(aes_out),
        .rk_o(aes_rk));

    wire [63:0] y_out = aes_out[127:64];   // Y: state bytes 0..7 (V's place)
    wire [63:0] x_out = aes_out[63:0];     // X: state bytes 8..15 (U's place)

    // ---- outputs (registers or continuous assignments: designs/lwc-frame/docs.md) ----
    wire [3:0] ohead = (ocnt_q >= 4'd4) ? 4'd4 : ocnt_q;   // bytes of the word at the head of obuf_q
    assign key_ready       = (st_q == S_IDLE);
    // words of the current segment while they fit; none in round 10, where a block may be consumed
    // (no append and shift in the same cycle); after the PT/CT segment only a DEC's tag
    assign bdi_ready       = ((st_q == S_IDLE) ||
                              (st_q == S_RUN && !aes_last && (ph_q <= PH_MSG || dec_q))) &&
                             !eot_q && cnt_q < 4'd8;
    assign bdo             = obuf_q[63:32];
    assign bdo_valid       = (ocnt_q != 4'd0);
    assign bdo_type        = otype_q;
    assign bdo_valid_bytes = (ohead == 4'd4) ? 4'b1111 : (ohead == 4'd3) ? 4'b1110 :
                             (ohead == 4'd2) ? 4'b1100 : 4'b1000;
    assign end_of_block    = (ocnt_q <= 4'd4);

    // ---- the block absorbed at the end of this call (AD, MSG) ----
    wire        last_blk  = eot_q && cnt_q < 4'd8;            // the segment's last (padded) block
    wire        blk_ready = eot_q || cnt_q == 4'd8;
    wire [3:0]  blk_bytes = last_blk ? cnt_q : 4'd8;
    wire [63:0] pad8      = last_blk ? pad8_at(cnt_q[2:0]) : 64'd0;
    wire [63:0] out8      = (acc_q ^ y_out ^ r_q) & mask8(blk_bytes);
    // the plaintext block (acc_q is zero past the data); AD is absorbed as it comes, in ENC and DEC
    wire [63:0] plain8    = (dec_q && ph_q == PH_MSG) ? out8 : acc_q;
    wire [63:0] tag8      = x_out ^ y_out ^ r_q;

    // DEC: msg_auth is offered in round 10 of the last call, once the received tag is in and the last
    // PT words have left (the call ends on the handshake)
    assign msg_auth_valid  = (st_q == S_RUN) && (ph_q == PH_TAG) && aes_last && dec_q && eot_q && ocnt_q == 4'd0;
    assign msg_auth        = (tag8 == acc_q);

    // may round 10 end the call now (its block and room for its output are there)
    reg         finish;
    reg [63:0]  blk;
    reg [7:0]   frame;
    always @* begin : finish_cond
        finish = 1'b1;
        blk    = 64'd0;
        frame  = 8'd0;
        case (ph_q)
            PH_INIT: frame = 8'd5;
            PH_AD:   begin finish = blk_ready; blk = plain8 | pad8; frame = 8'd1; end
            PH_MSG:  begin finish = blk_ready && ocnt_q == 4'd0; blk = plain8 | pad8; end
            PH_FIN:  frame = 8'd3;
            default: finish = (ocnt_q == 4'd0) && (!dec_q || (eot_q && msg_auth_ready));   // PH_TAG
        endcase
    end

    wire        step    = (st_q == S_RUN) && aes_last && finish;
    wire [63:0] u_new   = x_out ^ blk;
    wire [63:0] v_new   = y_out ^ r_q ^ {frame, 56'd0};
    wire        idle_go = (st_q == S_IDLE) && eot_q;            // the nonce is in: E_K(N || 0)
    // the next call: after the nonce, or after every step but the tag's
    assign aes_start = idle_go || (step && ph_q != PH_TAG);
    assign aes_block = idle_go ? {acc_q, 64'd0} : {v_new, u_new};

    always @* begin : next_state
        st_d    = st_q;
        ph_d    = ph_q;
        dec_d   = dec_q;
        key_d   = key_q;
        r_d     = r_q;
        acc_d   = acc_q;
        cnt_d   = cnt_q;
        eot_d   = eot_q;
        obuf_d  = obuf_q;
        ocnt_d  = ocnt_q;
        otype_d = otype_q;

        // output words leave from the head of obuf_q
        if (bdo_valid && bdo_ready) begin
            obuf_d = {obuf_q[31:0], 32'd0};
            ocnt_d = ocnt_q - ohead;
        end
        // input words are appended at byte cnt_q (0 or 4)
        if (bdi_valid && bdi_ready) begin
            acc_d = acc_q | (cnt_q[2] ? {32'd0, bdi} : {bdi, 32'd0});
            cnt_d = cnt_q + {1'b0, bdi_size};
            eot_d = bdi_eot;
            if (st_q == S_IDLE) dec_d = decrypt_in;
        end
        if (key_valid && key_ready) key_d = {key_q[95:0], key};

        if (idle_go) begin
            r_d     = 64'd0;
            ph_d    = PH_INIT;
            st_d    = S_RUN;
            acc_d   = 64'd0;
            cnt_d   = 4'd0;
            eot_d   = 1'b0;
            otype_d = dec_q ? T_PT : T_CT;
        end
        if (step) begin
            r_d  = r_q ^ u_new;
            ph_d = ph_q + 3'd1;
            if (ph_q == PH_AD || ph_q == PH_MSG) begin
                // the block leaves the input buffer; the segment's last one ends the phase
                acc_d = 64'd0;
                cnt_d = 4'd0;
                eot_d = eot_q && !last_blk;
                ph_d  = last_blk ? ph_q + 3'd1 : ph_q;
            end
            if (ph_q == PH_MSG) begin
                obuf_d = out8;
                ocnt_d = blk_bytes;
            end
            if (ph_q == PH_TAG) begin
                // DEC: the tag is compared (msg_auth), never put in obuf_q (nor on bdo)
                obuf_d  = dec_q ? obuf_q : tag8;
                ocnt_d  = dec_q ? 4'd0 : 4'd8;
                otype_d = T_TAG;
                acc_d   = 64'd0;
                cnt_d   = 4'd0;
                eot_d   = 1'b0;
                st_d    = dec_q ? S_IDLE : S_TAG;
            end
        end
        if (st_q == S_TAG && ocnt_d == 4'd0) st_d = S_IDLE;
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q    <= S_IDLE;
            ph_q    <= PH_INIT;
            dec_q   <= 1'b0;
            key_q   <= 128'd0;
            r_q     <= 64'd0;
            acc_q   <= 64'd0;
            cnt_q   <= 4'd0;
            eot_q   <= 1'b0;
            obuf_q  <= 64'd0;
            ocnt_q  <= 4'd0;
            otype_q <= T_CT;
        end else begin
            st_q    <= st_d;
            ph_q    <= ph_d;
            dec_q   <= dec_d;
            key_q   <= key_d;
            r_q     <= r_d;
            acc_q   <= acc_d;
            cnt_q   <= cnt_d;
            eot_q   <= eot_d;
            obuf_q  <= obuf_d;
            ocnt_q  <= ocnt_d;
            otype_q <= otype_d;
        end
    end
endmodule

`default_nettype wire
