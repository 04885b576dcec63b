`default_nettype none
// aegis128l_core — AEGIS-128L (CAESAR final portfolio, SUPERCOP aegis128l; 16-byte key, nonce and
// tag) as a CipherCore of the LWC frame, CCW-parametric (designs/lwc-frame/docs.md "Bus width W"):
// at CCW = 256 one 32-byte message block per bdi word and per clock cycle; at a narrower CCW (a
// multiple of 32 dividing 256) a block is 256 / CCW words, one per cycle, and the update runs with
// the block's last word. Golden model: src/cryptohls/golden/aegis128l.py.
//
// The state is eight 128-bit words S0..S7 (s_q, S0 in the top bits). One StateUpdate128L(S, M0, M1)
// per cycle: eight AES rounds side by side (aes-common's aes_enc_round), S'i = AESRound(S(i-1), Si),
// with M0 xored into S0's round key and M1 into S4's. What feeds (M0, M1) is the phase:
//   INIT (10 cycles)  (N, K)            after the (last) NPUB word loads S from K and N
//   AD   (per block)  the 32-byte AD block (the frame zeroes the bytes past a segment's end)
//   MSG  (per block)  the plaintext block; out = word ^ its part of Z0 || Z1 on bdo, per word
//   FIN  (7 cycles)   (T, T), T = S2 ^ (|AD| || |M| in bits, 64-bit little endian) of FIN's first cycle
// then the tag S0 ^ .. ^ S6 goes out (ENC; one word at CCW >= 128) or is compared with the TAG
// words (DEC). Size-0 words (empty AD or PT/CT) are taken without an update, as the model absorbs
// nothing. The block's words gather in blk_q (zero past the words taken: cleared with each update),
// and the keystream does not change within a block (S changes only at its end).
// Cycles, per message at CCW = 256: 1 (NPUB) + 10 + AD words + PT/CT words + 7 + 1 (tag).

module aegis128l_core #(
    parameter integer CCW = 256              // 32, 64, 128 or 256
) (
`include "lwc_cipher_core_ports.vh"
);
    localparam integer NB  = CCW / 8;                      // byte lanes
    localparam integer WPB = 256 / CCW;                    // words per 32-byte block
    localparam integer N16 = CCW >= 128 ? 1 : 128 / CCW;   // words of a 16-byte nonce / tag
    `include "lwc_segment_types.vh"
    localparam [3:0] S_IDLE = 4'd0, S_NPUB = 4'd1, S_INIT = 4'd2, S_AD = 4'd3, S_MSG = 4'd4, S_FIN = 4'd5,
                     S_TAGOUT = 4'd6, S_TAGIN = 4'd7, S_AUTH = 4'd8;
    localparam [127:0] CONST0 = 128'h000101020305080d1522375990e97962;
    localparam [127:0] CONST1 = 128'hdb3d18556dc22ff12011314273b528dd;
    // a 16-byte tag word: the first 16 byte lanes at CCW >= 128, else the whole word
    localparam [NB-1:0] TAG_LANES = CCW >= 128 ? ~({NB{1'b1}} >> 16) : {NB{1'b1}};
    localparam [31:0] WPB_LAST_32 = WPB - 1, N16_LAST_32 = N16 - 1, CCW_32 = CCW;
    localparam [3:0] WPB_LAST = WPB_LAST_32[3:0], N16_LAST = N16_LAST_32[3:0];

    reg  [3:0]     st_q;
    reg  [3:0]     cnt_q;                    // INIT / FIN updates; NPUB and TAG words
    reg  [3:0]     wi_q;                     // the word's place in its block
    reg  [127:0]   k_q, n_q, tmp_q;
    // S0 in [1023:896] .. S7 in [127:0]. Its power-up value (the reset's) keeps s_q in front of the
    // S-boxes in synthesis: without one, Yosys's memory_dff takes s_q as the address register of the 128
    // S-box ROMs and memory_map moves it behind them, so the load / update / hold mux and the previous
    // round's MixColumns feed every S-box's LUT tree (the core on ecp5: 64443 -> 24908 LUT4, 1024 FFs
    // fewer; docs.md, "Area"). An initial block, as Verilator's PROCASSINIT asks.
    reg  [1023:0]  s_q;
    initial s_q = 1024'd0;
    reg  [255:0]   blk_q;                    // the block's words taken so far, zero past them
    reg  [60:0]    ad_len_q, msg_len_q;      // bytes (the lengths block holds 64-bit bit counts)
    reg            dec_q, bad_q;
    `include "lwc_bdo_regs.vh"   // bdo_q, bdo_valid_q, bdo_type_q, bdo_vb_q on bdo; bdo_free

    wire [127:0] s [0:7];
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : g_word
            assign s[i] = s_q[1023 - 128 * i -: 128];
        end
    endgenerate

    // ---- the word path: keystream, output word, absorbed block ----
    wire [255:0]   z = {s[1] ^ s[6] ^ (s[2] & s[3]), s[2] ^ s[5] ^ (s[6] & s[7])};
    localparam [7:0] CCW8 = CCW_32[7:0];                   // 0 at CCW = 256, where wi_q stays 0
    wire [7:0]     pos = {4'd0, WPB_LAST - wi_q} * CCW8;   // the word's lowest bit in its block
    reg  [CCW-1:0] mask;
    integer b;
    always @* begin : byte_mask
        for (b = 0; b < NB; b = b + 1) mask[8 * b +: 8] = {8{bdi_valid_bytes[b]}};
    end
    wire [CCW-1:0] zw    = z[pos +: CCW];
    wire [CCW-1:0] out   = (bdi ^ zw) & mask;             // CT (ENC) or PT (DEC), zero past the end
    wire [CCW-1:0] plain = (st_q == S_MSG && decrypt_in) ? out : bdi;   // AD, or the plaintext
    /* verilator lint_off UNUSEDSIGNAL */
    wire [255+CCW:0] plain_x = {256'd0, plain};            // plain, zero-extended to 256 bits
    /* verilator lint_on UNUSEDSIGNAL */
    wire [255:0]   block = blk_q | (plain_x[255:0] << pos);

    function automatic [63:0] le64(input [63:0] v);        // byte order reversed
        integer j;
        for (j = 0; j < 8; j = j + 1) le64[63 - 8 * j -: 8] = v[8 * j +: 8];
    endfunction
    wire [127:0] lengths = {le64({ad_len_q, 3'b000}), le64({msg_len_q, 3'b000})};
    wire [127:0] tmp     = cnt_q == 4'd0 ? s[2] ^ lengths : tmp_q;   // T, fixed at FIN's first cycle
    wire [127:0] tag     = s[0] ^ s[1] ^ s[2] ^ s[3] ^ s[4] ^ s[5] ^ s[6];

    // the nonce with this word (its last), a TAG word's part of the tag, and the tag words out
    wire [127:0]   nonce;
    wire           tag_word_differs;
    wire [CCW-1:0] tag_out;
    generate
        if (CCW >= 128) begin : g_wide
            assign nonce            = bdi[CCW-1 -: 128];
            assign tag_word_differs = bdi[CCW-1 -: 128] != tag;
            /* verilator lint_off UNUSEDSIGNAL */
            wire [127 + CCW:0] tag_x = {tag, {CCW{1'b0}}};
            /* verilator lint_on UNUSEDSIGNAL */
            assign tag_out          = tag_x[127 + CCW -: CCW];   // tag, then zero lanes
        end else begin : g_narrow
            /* verilator lint_off UNUSEDSIGNAL */
            wire [127 + CCW:0] shifted = {n_q, bdi};            // the oldest word drops out
            /* verilator lint_on UNUSEDSIGNAL */
            localparam [6:0]   CCW7    = CCW_32[6:0];
            wire [6:0]         tpos    = {3'd0, N16_LAST - cnt_q} * CCW7;   // the word's lowest tag bit
            assign nonce            = shifted[127:0];
            assign tag_word_differs = bdi != tag[tpos +: CCW];
            assign tag_out          = tag[tpos +: CCW];
        end
    endgenerate

    // ---- handshakes ----
    wire take      = bdi_valid && bdi_ready;
    wire sized     = bdi_size != 0;
    wire blk_end   = wi_q == WPB_LAST || bdi_eot;          // the word closes its block
    assign key_ready       = st_q == S_IDLE;
    assign bdi_ready       = st_q == S_IDLE || st_q == S_NPUB || st_q == S_AD || st_q == S_TAGIN ||
                             (st_q == S_MSG && bdo_free);
    assign end_of_block    = bdo_valid_q;   // every word ends a block (bdo: lwc_bdo_regs.vh)
    assign msg_auth_valid  = st_q == S_AUTH;
    assign msg_auth        = !bad_q;

    // ---- StateUpdate128L(S, M0, M1): eight AES rounds in parallel ----
    reg  [127:0] m0, m1;
    always @* begin : message_words
        case (st_q)
            S_INIT:  begin m0 = n_q; m1 = k_q; end
            S_FIN:   begin m0 = tmp; m1 = tmp; end
            default: begin m0 = block[255:128]; m1 = block[127:0]; end   // S_AD, S_MSG
        endcase
    end
    wire [1023:0] s_next;
    generate
        for (i = 0; i < 8; i = i + 1) begin : g_round
            wire [127:0] rk = s[i] ^ (i == 0 ? m0 : i == 4 ? m1 : 128'd0);
            aes_enc_round u_round (.state_i(s[(i + 7) % 8]), .round_key_i(rk), .final_i(1'b0),
                                   .state_o(s_next[1023 - 128 * i -: 128]));
        end
    endgenerate

    // S after the last NPUB word: K ^ N, C1, C0, C1, K ^ N, K ^ C0, K ^ C1, K ^ C0
    wire [1023:0] s_load = {k_q ^ nonce, CONST1, CONST0, CONST1, k_q ^ nonce, k_q ^ CONST0, k_q ^ CONST1,
                            k_q ^ CONST0};
    wire          data   = (st_q == S_AD || st_q == S_MSG) && take && sized;   // a word of the block
    wire          update = st_q == S_INIT || st_q == S_FIN || (data && blk_end);
    wire          npub   = (st_q == S_IDLE || st_q == S_NPUB) && take;
    wire          npub_last = npub && (st_q == S_IDLE ? N16 == 1 : cnt_q == N16_LAST);
    wire [60:0]   size61 = {{(61 - $clog2(CCW/8+1)){1'b0}}, bdi_size};

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= S_IDLE; cnt_q <= 4'd0; wi_q <= 4'd0; k_q <= 128'd0; n_q <= 128'd0; tmp_q <= 128'd0;
            s_q <= 1024'd0; blk_q <= 256'd0; ad_len_q <= 61'd0; msg_len_q <= 61'd0; dec_q <= 1'b0; bad_q <= 1'b0;
            bdo_q <= {CCW{1'b0}}; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= {NB{1'b0}};
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {k_q[95:0], key};
            if (update) s_q <= s_next;
            if (data) begin   // gather the block; cleared as it is absorbed
                blk_q <= blk_end ? 256'd0 : block;
                wi_q  <= blk_end ? 4'd0 : wi_q + 4'd1;
            end
            if (npub) begin
                n_q <= nonce; cnt_q <= cnt_q + 4'd1;
                if (st_q == S_IDLE) begin
                    dec_q <= decrypt_in; bad_q <= 1'b0; ad_len_q <= 61'd0; msg_len_q <= 61'd0;
                    cnt_q <= 4'd1; st_q <= S_NPUB;
                end
                if (npub_last) begin
                    s_q <= s_load; cnt_q <= 4'd0; st_q <= S_INIT;
                end
            end
            case (st_q)
                S_INIT: begin
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == 4'd9) st_q <= S_AD;
                end
                `include "lwc_length_states.vh"   // S_AD, S_MSG
                S_FIN: begin
                    if (cnt_q == 4'd0) tmp_q <= tmp;
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == 4'd6) begin cnt_q <= 4'd0; st_q <= dec_q ? S_TAGIN : S_TAGOUT; end
                end
                S_TAGOUT: if (bdo_free) begin
                    bdo_q <= tag_out; bdo_valid_q <= 1'b1; bdo_vb_q <= TAG_LANES; bdo_type_q <= T_TAG;
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == N16_LAST) st_q <= S_IDLE;
                end
                S_TAGIN: if (take) begin
                    bad_q <= bad_q || tag_word_differs;
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == N16_LAST) st_q <= S_AUTH;
                end
                S_AUTH: if (msg_auth_ready) st_q <= S_IDLE;
                default: ;   // S_IDLE, S_NPUB: above
            endcase
        end
    end
endmodule

`default_nettype wire
