`default_nettype none
// jambu_mode — the JAMBU mode (JAMBU v2) of a CipherCore in the LWC frame (designs/lwc-frame/docs.md,
// CCW = CCSW = 32), for any block cipher of block 2 * BLOCK_BYTES bytes: the bdi / bdo / key / msg_auth
// side of the CipherCore port list, the phases, JAMBU's R and the bus byte buffers. The block cipher is
// the core's own (jambu_aes128_core: aes128_iter_unit; jambu_simon96_core: SIMON-96/96 rounds) and
// talks to this module through the call interface below.
// Reference: src/cryptohls/golden/jambu.py (the mode of both golden models).
//
// A call E_K(V || U) starts with start_o (V = v_o, U = u_o, key key_o) and ends in the cycle where the
// cipher shows its result (last_i: X = x_i in U's place, Y = y_i in V's place) and the mode takes it
// (take_o): JAMBU's step (U <- X ^ block, V <- Y ^ R ^ frame, R <- R ^ U) is done in that cycle, on the
// cipher's output, and the next call starts in the same cycle, so a block costs one call: the bus words
// of the next block arrive and the output words of the last one leave while the rounds run. Until
// take_o the cipher holds its result (a consumer that is not ready stalls it). "phase" names what is
// absorbed at the end of the current call:
//   INIT (block 0, frame 5, with R = 0: gives U = X, V = Y ^ 5, R = X), AD blocks (frame 1),
//   MSG blocks (frame 0, CT = P ^ Y ^ R), FIN (block 0, frame 3), TAG (tag = X ^ Y ^ R).
//
// Byte order: the mode is bytewise; LE_WORDS = 1 when the cipher's words are little-endian (SIMON: the
// bus bytes of a block are the byte swap of the word the cipher sees), 0 when bus byte 0 is the word's
// first (AES: V = state bytes 0..7, U = bytes 8..15). The frame constants go into byte 0 of V.
//
// Sizes: key KEY_BYTES, nonce, tag and blocks BLOCK_BYTES. Input words are appended to the buffer acc_q
// (first byte in its top bits) at byte cnt_q; a segment's last block (cnt_q < BLOCK_BYTES once its last
// word is in, eot_q) is padded with 80 00 ..; a segment that ends on a full block (or is empty) gets the
// padding-only block, as the golden model. Output bytes leave from obuf_q as 4-byte words, the last
// partial. A block of whole bus words (BLOCK_BYTES % 4 = 0) fills the buffers exactly; otherwise
// (PACKED) both buffers are 4 bytes longer, input words are taken while they fit (every word but a
// segment's last is full, so offsets are multiples of 2) and output blocks are packed behind the bytes
// still waiting (olast_q: the segment's last bytes are in, flush the partial word). The TAG segment
// (DEC) is taken up to its bdi_eot, its words past the buffer dropped (only the frame's flush sends
// them, and it ignores msg_auth).

module jambu_mode #(
    parameter BLOCK_BYTES = 8,     // half the cipher's block: 8 (AES-128), 6 (SIMON-96)
    parameter KEY_BYTES   = 16,
    parameter LE_WORDS    = 0
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // the CipherCore port list (designs/lwc-frame/docs.md) but for the bdi fields the mode does not need
    input  wire [31:0] key,
    input  wire        key_valid,
    output wire        key_ready,
    input  wire [31:0] bdi,
    input  wire        bdi_valid,
    output wire        bdi_ready,
    input  wire [2:0]  bdi_size,
    input  wire        bdi_eot,
    input  wire        decrypt_in,
    output wire [31:0] bdo,
    output wire        bdo_valid,
    input  wire        bdo_ready,
    output wire [3:0]  bdo_type,
    output wire [3:0]  bdo_valid_bytes,
    output wire        end_of_block,
    output wire        msg_auth_valid,
    input  wire        msg_auth_ready,
    output wire        msg_auth,
    // the block cipher's call interface
    output wire [8*KEY_BYTES-1:0]   key_o,
    output wire                     start_o,
    output wire [8*BLOCK_BYTES-1:0] v_o,
    output wire [8*BLOCK_BYTES-1:0] u_o,
    output wire                     take_o,
    input  wire                     last_i,
    input  wire [8*BLOCK_BYTES-1:0] y_i,
    input  wire [8*BLOCK_BYTES-1:0] x_i
);
    localparam B      = BLOCK_BYTES;
    localparam BW     = 8 * B;
    localparam KW     = 8 * KEY_BYTES;
    localparam PACKED = (B % 4 != 0);
    localparam BUF    = PACKED ? B + 4 : B;            // bytes of acc_q and obuf_q
    localparam AW     = 8 * BUF;
    localparam GRAIN  = PACKED ? 2 : 4;                 // input word offsets are multiples of GRAIN bytes
    localparam GL     = PACKED ? 1 : 2;                 // log2(GRAIN)
    localparam SLOTS  = (BUF - 4) / GRAIN + 1;          // offsets a word may be appended at
    localparam SLOT_BITS = (SLOTS > 4) ? 3 : (SLOTS > 2) ? 2 : 1;
    localparam [3:0] MAX_FILL = BUF - 4;                // a word is appended while cnt_q <= MAX_FILL
    localparam [3:0] BB   = B;

    `include "lwc_segment_types.vh"

    localparam [1:0] S_IDLE = 2'd0;   // key words, NPUB words
    localparam [1:0] S_RUN  = 2'd1;   // cipher calls (and the words of the segments meanwhile)
    localparam [1:0] S_TAG  = 2'd2;   // ENC: the tag words leave

    localparam [2:0] PH_INIT = 3'd0;
    localparam [2:0] PH_AD   = 3'd1;
    localparam [2:0] PH_MSG  = 3'd2;
    localparam [2:0] PH_FIN  = 3'd3;
    localparam [2:0] PH_TAG  = 3'd4;

    reg [1:0]    st_q, st_d;
    reg [2:0]    ph_q, ph_d;
    reg          dec_q, dec_d;
    reg [KW-1:0] key_q, key_d;        // the key, bus order (byte 0 in the top bits)
    reg [BW-1:0] r_q, r_d;            // JAMBU's R (cipher order)
    reg [AW-1:0] acc_q, acc_d;        // input bytes, first byte in the top bits
    reg [3:0]    cnt_q, cnt_d;        // bytes in acc_q
    reg          eot_q, eot_d;        // the current segment's last word is in acc_q
    reg [AW-1:0] obuf_q, obuf_d;      // output bytes, first byte in the top bits
    reg [3:0]    ocnt_q, ocnt_d;      // bytes in obuf_q
    reg          olast_q, olast_d;    // PACKED: obuf_q holds the segment's last bytes
    reg [3:0]    otype_q, otype_d;

    // Byte positions are small counters: the masks and shifts below are selects of constant patterns
    // (a shift by 8 * n would be a barrel shifter over the whole buffer).
    // between bus order and cipher order (a byte swap for little-endian cipher words)
    function automatic [BW-1:0] order(input [BW-1:0] v);
        integer i;
        order = v;
        if (LE_WORDS != 0)
            for (i = 0; i < B; i = i + 1) order[8*i +: 8] = v[8*(B-1-i) +: 8];
    endfunction
    // the first n bytes of a block (n = 0 .. B)
    function automatic [BW-1:0] mask_first(input [3:0] n);
        integer i;
        for (i = 0; i < B; i = i + 1) mask_first[8*(B-1-i) +: 8] = (i < n) ? 8'hFF : 8'h00;
    endfunction
    // the padding byte 80 at byte n of a block (n = 0 .. B - 1)
    function automatic [BW-1:0] pad_at(input [3:0] n);
        integer i;
        for (i = 0; i < B; i = i + 1) pad_at[8*(B-1-i) +: 8] = (i[3:0] == n) ? 8'h80 : 8'h00;
    endfunction
    // a bus word at slot s (byte GRAIN * s) of the input buffer
    function automatic [AW-1:0] word_at(input [31:0] w, input [SLOT_BITS-1:0] s);
        integer i;
        word_at = {AW{1'b0}};
        for (i = 0; i < SLOTS; i = i + 1)
            if (s == i[SLOT_BITS-1:0]) word_at = {w, {(AW-32){1'b0}}} >> (8 * GRAIN * i);
    endfunction
    // a block at byte n (0 .. 3) of the output buffer (PACKED)
    function automatic [AW-1:0] block_at(input [BW-1:0] b, input [1:0] n);
        block_at = {b, {(AW-BW){1'b0}}} >> {n, 3'd0};
    endfunction

    // ---- outputs (registers or continuous assignments: designs/lwc-frame/docs.md) ----
    wire [3:0] ohead = (ocnt_q >= 4'd4) ? 4'd4 : ocnt_q;   // bytes of the word at the head of obuf_q
    assign key_ready       = (st_q == S_IDLE);
    // words of the current segment while they fit; none in the call's last cycle, where a block may be
    // consumed (no append and shift in the same cycle); after the PT/CT segment only a DEC's tag
    assign bdi_ready       = ((st_q == S_IDLE) ||
                              (st_q == S_RUN && !last_i && (ph_q <= PH_MSG || dec_q))) &&
                             !eot_q && (cnt_q <= MAX_FILL || ph_q >= PH_FIN);
    assign bdo             = obuf_q[AW-1 -: 32];
    assign bdo_valid       = PACKED ? (ocnt_q >= 4'd4) || (olast_q && ocnt_q != 4'd0) : (ocnt_q != 4'd0);
    assign bdo_type        = otype_q;
    assign bdo_valid_bytes = (ohead == 4'd4) ? 4'b1111 : (ohead == 4'd3) ? 4'b1110 :
                             (ohead == 4'd2) ? 4'b1100 : 4'b1000;
    assign end_of_block    = PACKED ? olast_q && ocnt_q <= 4'd4 : (ocnt_q <= 4'd4);

    // ---- the block absorbed at the end of this call (AD, MSG) ----
    wire          last_blk  = eot_q && cnt_q < BB;            // the segment's last (padded) block
    wire          blk_ready = eot_q || cnt_q >= BB;
    wire [3:0]    blk_bytes = last_blk ? cnt_q : BB;
    wire [BW-1:0] in_blk    = acc_q[AW-1 -: BW];
    wire [BW-1:0] pad       = last_blk ? pad_at(cnt_q) : {BW{1'b0}};
    wire [BW-1:0] out_blk   = (in_blk ^ order(y_i ^ r_q)) & mask_first(blk_bytes);
    // the plaintext block (in_blk is zero past the data); AD is absorbed as it comes, in ENC and DEC
    wire [BW-1:0] plain     = (dec_q && ph_q == PH_MSG) ? out_blk : in_blk;
    wire [BW-1:0] tag       = order(x_i ^ y_i ^ r_q);

    // DEC: msg_auth is offered in the last call's last cycle, once the received tag is in and the last
    // PT words have left (the call ends on the handshake)
    assign msg_auth_valid  = (st_q == S_RUN) && (ph_q == PH_TAG) && last_i && dec_q && eot_q && ocnt_q == 4'd0;
    assign msg_auth        = (tag == in_blk);

    // may the call end now (its block and room for its output are there)
    reg          finish;
    reg [BW-1:0] blk;
    reg [7:0]    frame;
    always @* begin : finish_cond
        finish = 1'b1;
        blk    = {BW{1'b0}};
        frame  = 8'd0;
        case (ph_q)
            PH_INIT: frame = 8'd5;
            PH_AD:   begin finish = blk_ready; blk = order(plain | pad); frame = 8'd1; end
            PH_MSG:  begin
                finish = blk_ready && (PACKED ? ocnt_q < 4'd4 && !olast_q : ocnt_q == 4'd0);
                blk    = order(plain | pad);
            end
            PH_FIN:  frame = 8'd3;
            default: finish = (ocnt_q == 4'd0) && (!dec_q || (eot_q && msg_auth_ready));   // PH_TAG
        endcase
    end

    wire          step    = (st_q == S_RUN) && last_i && finish;
    wire [BW-1:0] u_new   = x_i ^ blk;
    wire [BW-1:0] v_new   = y_i ^ r_q ^ order({frame, {(BW-8){1'b0}}});
    wire          idle_go = (st_q == S_IDLE) && eot_q;            // the nonce is in: E_K(N || 0)
    assign key_o   = key_q;
    assign take_o  = step;
    // the next call: after the nonce, or after every step but the tag's
    assign start_o = idle_go || (step && ph_q != PH_TAG);
    assign v_o     = idle_go ? order(in_blk) : v_new;
    assign u_o     = idle_go ? {BW{1'b0}} : u_new;

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
        olast_d = olast_q;
        otype_d = otype_q;

        // output words leave from the head of obuf_q
        if (bdo_valid && bdo_ready) begin
            obuf_d = obuf_q << 32;
            ocnt_d = ocnt_q - ohead;
        end
        // input words are appended at byte cnt_q
        if (bdi_valid && bdi_ready) begin
            if (cnt_q <= MAX_FILL) begin
                acc_d = acc_q | word_at(bdi, cnt_q[GL +: SLOT_BITS]);   // cnt_q: a multiple of GRAIN
                cnt_d = cnt_q + {1'b0, bdi_size};
            end
            eot_d = bdi_eot;
            if (st_q == S_IDLE) dec_d = decrypt_in;
        end
        if (key_valid && key_ready) key_d = {key_q[KW-33:0], key};

        if (idle_go) begin
            r_d     = {BW{1'b0}};
            ph_d    = PH_INIT;
            st_d    = S_RUN;
            acc_d   = {AW{1'b0}};
            cnt_d   = 4'd0;
            eot_d   = 1'b0;
            olast_d = 1'b0;
            otype_d = dec_q ? T_PT : T_CT;
        end
        if (step) begin
            r_d  = r_q ^ u_new;
            ph_d = ph_q + 3'd1;
            if (ph_q == PH_AD || ph_q == PH_MSG) begin
                // the block leaves the input buffer; the segment's last one ends the phase
                acc_d = last_blk ? {AW{1'b0}} : acc_q << BW;
                cnt_d = last_blk ? 4'd0 : cnt_q - BB;
                eot_d = eot_q && !last_blk;
                ph_d  = last_blk ? ph_q + 3'd1 : ph_q;
            end
            if (ph_q == PH_MSG) begin
                obuf_d  = PACKED ? obuf_q | block_at(out_blk, ocnt_q[1:0]) : block_at(out_blk, 2'd0);
                ocnt_d  = ocnt_q + blk_bytes;
                olast_d = last_blk;
            end
            if (ph_q == PH_TAG) begin
                // DEC: the tag is compared (msg_auth), never put in obuf_q (nor on bdo)
                obuf_d  = dec_q ? obuf_q : block_at(tag, 2'd0);
                ocnt_d  = dec_q ? 4'd0 : BB;
                olast_d = !dec_q;
                otype_d = T_TAG;
                acc_d   = {AW{1'b0}};
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
            key_q   <= {KW{1'b0}};
            r_q     <= {BW{1'b0}};
            acc_q   <= {AW{1'b0}};
            cnt_q   <= 4'd0;
            eot_q   <= 1'b0;
            obuf_q  <= {AW{1'b0}};
            ocnt_q  <= 4'd0;
            olast_q <= 1'b0;
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
            olast_q <= olast_d;
            otype_q <= otype_d;
        end
    end
endmodule

`default_nettype wire
