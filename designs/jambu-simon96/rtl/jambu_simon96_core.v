`default_nettype none
// jambu_simon96_core — JAMBU-SIMON (SIMON-JAMBU96/96, JAMBU v2; SUPERCOP simonjambu96v2) CipherCore
// with the LWC frame's CipherCore port list (designs/lwc-frame/docs.md, CCW = CCSW = 32).
// Reference: src/cryptohls/golden/simonjambu96v2.py and simon96.py (all 1089 published KATs).
//
// Datapath: one SIMON-96/96 round per clock cycle with the round key computed on the fly (two 48-bit
// key registers k_i, k_(i+1) stepped once per round, reloaded from the stored key after the last
// round), so an encryption E_K takes 52 cycles. JAMBU's state update (U <- X ^ block,
// V <- Y ^ R ^ frame, R <- R ^ U) is done in the cycle of round 51, on that round's output, so a
// 6-byte block costs 52 cycles: the bus words of the next block arrive and the CT words of the last
// one leave while the rounds run. "phase" names what is absorbed at the end of the current E_K:
//   INIT (block 0, frame 5, with R = 0: gives U = X, V = Y ^ 5, R = X), AD blocks (frame 1),
//   MSG blocks (frame 0, CT = P ^ Y ^ R), FIN (block 0, frame 3), TAG (tag = X ^ Y ^ R).
//
// Sizes: key 12 bytes (3 key words), nonce 6 bytes (2 words: 4 + 2 bytes), tag 6 bytes (2 words).
// 6-byte blocks on a 4-byte bus: input words are appended to a 10-byte buffer (acc_q, first byte in
// [79:72]) at byte offset cnt_q, taken only while cnt_q <= 6 (so the offset is 0, 2, 4 or 6: every
// word but a segment's last is full); a block is the buffer's first 6 bytes. Output bytes go the
// same way through obuf_q (offset 0..3) and leave as 4-byte words, the last one partial.
// A segment's last block (cnt_q < 6 once its last word is in, eot_q) is padded with 80 00 ...; a
// segment that ends on a full block (or is empty) gets the padding-only block, as the golden model.
// The TAG segment (DEC) is taken up to its bdi_eot, whatever its word count, so the frame's flush
// (an all-zero tag of four words) also ends the message.
//
// Byte order (golden model): blocks, nonce, key halves and the tag are little-endian 48-bit words,
// so the bus bytes of a block are the byte-swap (swap6) of the word the cipher sees.

module jambu_simon96_core (
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
    localparam [3:0]  T_PT  = 4'b0100;
    localparam [3:0]  T_CT  = 4'b0101;
    localparam [3:0]  T_TAG = 4'b1000;
    localparam [5:0]  LAST_ROUND = 6'd51;
    localparam [47:0] C = 48'hFFFF_FFFF_FFFC;   // 2^48 - 4 (SIMON key schedule)
    // z2, bit i of the sequence at [61 - i] (the paper's order, first bit on the left)
    localparam [61:0] Z2 = 62'b10101111011100000011010010011000101000010001111110010110110011;

    localparam [1:0] S_IDLE = 2'd0;   // key words, NPUB words
    localparam [1:0] S_RUN  = 2'd1;   // E_K rounds (and the words of the segments meanwhile)
    localparam [1:0] S_TAG  = 2'd2;   // ENC: the tag words leave

    localparam [2:0] PH_INIT = 3'd0;
    localparam [2:0] PH_AD   = 3'd1;
    localparam [2:0] PH_MSG  = 3'd2;
    localparam [2:0] PH_FIN  = 3'd3;
    localparam [2:0] PH_TAG  = 3'd4;

    reg [1:0]  st_q, st_d;
    reg [2:0]  ph_q, ph_d;
    reg [5:0]  rnd_q, rnd_d;
    reg        dec_q, dec_d;
    reg [95:0] key_q, key_d;          // the key, bus order (byte 0 in [95:88])
    reg [47:0] x_q, x_d, y_q, y_d;    // SIMON state: U, V between calls; X, Y at the end of a call
    reg [47:0] r_q, r_d;              // JAMBU's R
    reg [47:0] ka_q, ka_d, kb_q, kb_d;  // round keys k_i, k_(i+1)
    reg [79:0] acc_q, acc_d;          // input bytes, first byte in [79:72]
    reg [3:0]  cnt_q, cnt_d;          // bytes in acc_q
    reg        eot_q, eot_d;          // the current segment's last word is in acc_q
    reg [79:0] obuf_q, obuf_d;        // output bytes, first byte in [79:72]
    reg [3:0]  ocnt_q, ocnt_d;        // bytes in obuf_q
    reg        olast_q, olast_d;      // obuf_q holds the segment's last bytes (flush the partial word)
    reg [3:0]  otype_q, otype_d;

    function automatic [47:0] swap6(input [47:0] v);
        swap6 = {v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40]};
    endfunction
    function automatic [47:0] rol(input [47:0] v, input integer n);
        rol = (v << n) | (v >> (48 - n));
    endfunction
    function automatic [47:0] ror(input [47:0] v, input integer n);
        ror = (v >> n) | (v << (48 - n));
    endfunction
    // Byte positions are small counters: the byte shifts below are case selects of constant
    // shifts (a shift by 8 * n would be a barrel shifter over the whole buffer).
    // the first n bytes of a 6-byte block (n = 0 .. 6)
    function automatic [47:0] mask6(input [3:0] n);
        case (n)
            4'd0:    mask6 = 48'h0000_0000_0000;
            4'd1:    mask6 = 48'hFF00_0000_0000;
            4'd2:    mask6 = 48'hFFFF_0000_0000;
            4'd3:    mask6 = 48'hFFFF_FF00_0000;
            4'd4:    mask6 = 48'hFFFF_FFFF_0000;
            4'd5:    mask6 = 48'hFFFF_FFFF_FF00;
            default: mask6 = 48'hFFFF_FFFF_FFFF;
        endcase
    endfunction
    // the padding byte 80 at byte n of a block (n = 0 .. 5)
    function automatic [47:0] pad6_at(input [3:0] n);
        case (n)
            4'd0:    pad6_at = 48'h8000_0000_0000;
            4'd1:    pad6_at = 48'h0080_0000_0000;
            4'd2:    pad6_at = 48'h0000_8000_0000;
            4'd3:    pad6_at = 48'h0000_0080_0000;
            4'd4:    pad6_at = 48'h0000_0000_8000;
            default: pad6_at = 48'h0000_0000_0080;
        endcase
    endfunction
    // a bus word at byte 2 * h (0, 2, 4, 6: every word but a segment's last is full) of the input buffer
    function automatic [79:0] word_at(input [31:0] w, input [1:0] h);
        case (h)
            2'd0:    word_at = {w, 48'd0};
            2'd1:    word_at = {16'd0, w, 32'd0};
            2'd2:    word_at = {32'd0, w, 16'd0};
            default: word_at = {48'd0, w};
        endcase
    endfunction
    // a block at byte n (0 .. 3) of the output buffer
    function automatic [79:0] block_at(input [47:0] b, input [1:0] n);
        case (n)
            2'd0:    block_at = {b, 32'd0};
            2'd1:    block_at = {8'd0, b, 24'd0};
            2'd2:    block_at = {16'd0, b, 16'd0};
            default: block_at = {24'd0, b, 8'd0};
        endcase
    endfunction

    // ---- outputs (registers or continuous assignments: designs/lwc-frame/docs.md) ----
    wire [3:0] ohead = (ocnt_q >= 4'd4) ? 4'd4 : ocnt_q;   // bytes of the word at the head of obuf_q
    assign key_ready       = (st_q == S_IDLE);
    // words of the current segment while they fit (offset <= 6); none in round 51, where a block
    // may be consumed (no append and shift in the same cycle); after the PT/CT segment only a DEC's tag
    assign bdi_ready       = ((st_q == S_IDLE) ||
                              (st_q == S_RUN && rnd_q != LAST_ROUND && (ph_q <= PH_MSG || dec_q))) &&
                             !eot_q && (cnt_q <= 4'd6 || ph_q >= PH_FIN);
    assign bdo             = obuf_q[79:48];
    assign bdo_valid       = (ocnt_q >= 4'd4) || (olast_q && ocnt_q != 4'd0);
    assign bdo_type        = otype_q;
    assign bdo_valid_bytes = (ohead == 4'd4) ? 4'b1111 : (ohead == 4'd3) ? 4'b1110 :
                             (ohead == 4'd2) ? 4'b1100 : 4'b1000;
    assign end_of_block    = olast_q && ocnt_q <= 4'd4;

    // ---- one SIMON round and the key schedule step ----
    wire [47:0] x_rnd  = y_q ^ ((rol(x_q, 1) & rol(x_q, 8)) ^ rol(x_q, 2)) ^ ka_q;   // X of this round
    wire [47:0] y_rnd  = x_q;
    wire [47:0] kb_ror = ror(kb_q, 3);
    wire [47:0] k_next = C ^ {47'd0, Z2[6'd61 - rnd_q]} ^ ka_q ^ kb_ror ^ ror(kb_ror, 1);
    wire [47:0] key_k0 = swap6(key_q[95:48]);   // first round key: key bytes 0 .. 5
    wire [47:0] key_k1 = swap6(key_q[47:0]);

    // ---- the block absorbed at the end of this E_K (AD, MSG) ----
    wire        last_blk  = eot_q && cnt_q < 4'd6;            // the segment's last (padded) block
    wire        blk_ready = eot_q || cnt_q >= 4'd6;
    wire [3:0]  blk_bytes = last_blk ? cnt_q : 4'd6;
    wire [47:0] in6       = acc_q[79:32];
    wire [47:0] pad6      = last_blk ? pad6_at(cnt_q) : 48'd0;
    wire [47:0] out6      = (in6 ^ swap6(x_q ^ r_q)) & mask6(blk_bytes);   // Y of round 51 is x_q
    // the plaintext block (in6 is zero past the data); AD is absorbed as it comes, in ENC and DEC
    wire [47:0] plain6    = (dec_q && ph_q == PH_MSG) ? out6 : in6;
    wire [47:0] absorbed  = swap6(plain6 | pad6);
    wire [47:0] tag6      = swap6(x_rnd ^ y_rnd ^ r_q);

    // DEC: msg_auth is offered in round 51 of the last call, once the received tag is in (the call
    // ends on the handshake): one cycle earlier than a registered flag, as the HLS core's write
    assign msg_auth_valid  = (st_q == S_RUN) && (ph_q == PH_TAG) && (rnd_q == LAST_ROUND) && dec_q && eot_q;
    assign msg_auth        = (tag6 == in6);

    // may round 51 end the call now (its block and room for its output are there)
    reg         finish;
    reg [47:0]  blk, frame;
    always @* begin : finish_cond
        finish = 1'b1;
        blk    = 48'd0;
        frame  = 48'd0;
        case (ph_q)
            PH_INIT: frame = 48'd5;
            PH_AD:   begin finish = blk_ready; blk = absorbed; frame = 48'd1; end
            PH_MSG:  begin finish = blk_ready && ocnt_q < 4'd4 && !olast_q; blk = absorbed; end
            PH_FIN:  frame = 48'd3;
            default: finish = dec_q ? (eot_q && msg_auth_ready) : (ocnt_q == 4'd0);   // PH_TAG: msg_auth taken / room
        endcase
    end

    always @* begin : next_state
        reg [47:0] u_new;
        st_d    = st_q;
        ph_d    = ph_q;
        rnd_d   = rnd_q;
        dec_d   = dec_q;
        key_d   = key_q;
        x_d     = x_q;
        y_d     = y_q;
        r_d     = r_q;
        ka_d    = ka_q;
        kb_d    = kb_q;
        acc_d   = acc_q;
        cnt_d   = cnt_q;
        eot_d   = eot_q;
        obuf_d  = obuf_q;
        ocnt_d  = ocnt_q;
        olast_d = olast_q;
        otype_d = otype_q;
        u_new   = x_rnd ^ blk;

        // output words leave from the head of obuf_q
        if (bdo_valid && bdo_ready) begin
            obuf_d = {obuf_q[47:0], 32'd0};
            ocnt_d = ocnt_q - ohead;
        end
        // input words are appended at byte cnt_q (the TAG segment's words past 6 bytes are dropped:
        // only the frame's flush sends them, and it ignores msg_auth)
        if (bdi_valid && bdi_ready) begin
            if (cnt_q <= 4'd6) begin
                acc_d = acc_q | word_at(bdi, cnt_q[2:1]);
                cnt_d = cnt_q + {1'b0, bdi_size};
            end
            eot_d = bdi_eot;
            if (st_q == S_IDLE) dec_d = decrypt_in;
        end
        if (key_valid && key_ready) key_d = {key_q[63:0], key};

        case (st_q)
            S_IDLE: begin
                ka_d = key_k0;
                kb_d = key_k1;
                if (eot_q) begin   // the nonce is in: E_K(0, N)
                    x_d     = 48'd0;
                    y_d     = swap6(in6);
                    r_d     = 48'd0;
                    rnd_d   = 6'd0;
                    ph_d    = PH_INIT;
                    st_d    = S_RUN;
                    acc_d   = 80'd0;
                    cnt_d   = 4'd0;
                    eot_d   = 1'b0;
                    olast_d = 1'b0;
                    otype_d = dec_q ? T_PT : T_CT;
                end
            end
            S_RUN: begin
                if (rnd_q != LAST_ROUND) begin
                    x_d   = x_rnd;
                    y_d   = y_rnd;
                    ka_d  = kb_q;
                    kb_d  = k_next;
                    rnd_d = rnd_q + 6'd1;
                end else if (finish) begin
                    // round 51 and the state update; the next call starts with k_0, k_1
                    x_d   = u_new;
                    y_d   = y_rnd ^ r_q ^ frame;
                    r_d   = r_q ^ u_new;
                    ka_d  = key_k0;
                    kb_d  = key_k1;
                    rnd_d = 6'd0;
                    ph_d  = ph_q + 3'd1;
                    if (ph_q == PH_AD || ph_q == PH_MSG) begin
                        // the block leaves the input buffer; the segment's last one ends the phase
                        acc_d = last_blk ? 80'd0 : {acc_q[31:0], 48'd0};
                        cnt_d = last_blk ? 4'd0 : cnt_q - 4'd6;
                        eot_d = eot_q && !last_blk;
                        ph_d  = last_blk ? ph_q + 3'd1 : ph_q;
                    end
                    if (ph_q == PH_MSG) begin
                        obuf_d  = obuf_q | block_at(out6, ocnt_q[1:0]);
                        ocnt_d  = ocnt_q + blk_bytes;
                        olast_d = last_blk;
                    end
                    if (ph_q == PH_TAG) begin
                        // DEC: the tag is compared (msg_auth), never put in obuf_q (nor on bdo)
                        obuf_d  = dec_q ? obuf_q : {tag6, 32'd0};
                        ocnt_d  = dec_q ? 4'd0 : 4'd6;
                        olast_d = !dec_q;
                        otype_d = T_TAG;
                        acc_d   = 80'd0;
                        cnt_d   = 4'd0;
                        eot_d   = 1'b0;
                        st_d    = dec_q ? S_IDLE : S_TAG;
                    end
                end
            end
            default: begin   // S_TAG
                if (ocnt_d == 4'd0) st_d = S_IDLE;
            end
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q    <= S_IDLE;
            ph_q    <= PH_INIT;
            rnd_q   <= 6'd0;
            dec_q   <= 1'b0;
            key_q   <= 96'd0;
            x_q     <= 48'd0;
            y_q     <= 48'd0;
            r_q     <= 48'd0;
            ka_q    <= 48'd0;
            kb_q    <= 48'd0;
            acc_q   <= 80'd0;
            cnt_q   <= 4'd0;
            eot_q   <= 1'b0;
            obuf_q  <= 80'd0;
            ocnt_q  <= 4'd0;
            olast_q <= 1'b0;
            otype_q <= T_CT;
        end else begin
            st_q    <= st_d;
            ph_q    <= ph_d;
            rnd_q   <= rnd_d;
            dec_q   <= dec_d;
            key_q   <= key_d;
            x_q     <= x_d;
            y_q     <= y_d;
            r_q     <= r_d;
            ka_q    <= ka_d;
            kb_q    <= kb_d;
            acc_q   <= acc_d;
            cnt_q   <= cnt_d;
            eot_q   <= eot_d;
            obuf_q  <= obuf_d;
            ocnt_q  <= ocnt_d;
            olast_q <= olast_d;
            otype_q <= otype_d;
        end
    end
endmodule

`default_nettype wire
