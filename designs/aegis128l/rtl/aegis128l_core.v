`default_nettype none
// aegis128l_core — AEGIS-128L (CAESAR final portfolio, SUPERCOP aegis128l; 16-byte key, nonce and
// tag) as a CipherCore of the LWC frame with a 256-bit data bus (CCW = 256, designs/lwc-frame/docs.md
// "Bus width W"): one 32-byte message block per bdi word and per clock cycle.
// Golden model: src/cryptohls/golden/aegis128l.py.
//
// The state is eight 128-bit words S0..S7 (s_q, S0 in the top bits). One StateUpdate128L(S, M0, M1)
// per cycle: eight AES rounds side by side (aes-common's aes_enc_round), S'i = AESRound(S(i-1), Si),
// with M0 xored into S0's round key and M1 into S4's. What feeds (M0, M1) is the phase:
//   INIT (10 cycles)  (N, K)            after the NPUB word loads S from K and N
//   AD   (per word)   the 32-byte AD block (the frame zeroes the bytes past a segment's end)
//   MSG  (per word)   the plaintext block; out = block ^ (Z0 || Z1) on bdo
//   FIN  (7 cycles)   (T, T), T = S2 ^ (|AD| || |M| in bits, 64-bit little endian) of FIN's first cycle
// then the tag S0 ^ .. ^ S6 goes out as one bdo word (ENC) or is compared with the TAG word (DEC).
// Size-0 words (empty AD or PT/CT) are taken without an update, as the model absorbs nothing.
// Cycles, per message: 1 (NPUB) + 10 + AD words + PT/CT words + 7 + 1 (tag); 1 per 32-byte block.

module aegis128l_core #(
    parameter integer CCW = 256              // the core is written for 256 only (one block per word)
) (
    input  wire                       clk_i,
    input  wire                       rst_i,
    input  wire [31:0]                key,
    input  wire                       key_valid,
    output wire                       key_ready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire                       key_update,        // every key word loads the key: no other use
    input  wire [CCW/8-1:0]           bdi_pad_loc,       // the valid bytes say the same
    input  wire                       bdi_eoi,
    input  wire                       hash_in,           // no hash mode
    input  wire [3:0]                 bdi_type,          // the frame's order of segments says it
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [CCW-1:0]             bdi,
    input  wire                       bdi_valid,
    output wire                       bdi_ready,
    input  wire [$clog2(CCW/8+1)-1:0] bdi_size,
    input  wire [CCW/8-1:0]           bdi_valid_bytes,
    input  wire                       bdi_eot,
    input  wire                       decrypt_in,
    output wire [CCW-1:0]             bdo,
    output wire                       bdo_valid,
    input  wire                       bdo_ready,
    output wire [3:0]                 bdo_type,
    output wire [CCW/8-1:0]           bdo_valid_bytes,
    output wire                       end_of_block,
    output wire                       msg_auth_valid,
    input  wire                       msg_auth_ready,
    output wire                       msg_auth
);
    localparam integer NB = CCW / 8;
    localparam [3:0] T_PT = 4'b0100, T_CT = 4'b0101, T_TAG = 4'b1000;
    localparam [2:0] S_IDLE = 3'd0, S_INIT = 3'd1, S_AD = 3'd2, S_MSG = 3'd3, S_FIN = 3'd4,
                     S_TAGOUT = 3'd5, S_TAGIN = 3'd6, S_AUTH = 3'd7;
    localparam [127:0] CONST0 = 128'h000101020305080d1522375990e97962;
    localparam [127:0] CONST1 = 128'hdb3d18556dc22ff12011314273b528dd;
    localparam [NB-1:0] TAG_LANES = ~({NB{1'b1}} >> 16);   // the first 16 byte lanes

    reg  [2:0]     st_q;
    reg  [3:0]     cnt_q;                    // INIT / FIN update count
    reg  [127:0]   k_q, n_q, tmp_q;
    reg  [1023:0]  s_q;                      // S0 in [1023:896] .. S7 in [127:0]
    reg  [60:0]    ad_len_q, msg_len_q;      // bytes (the lengths block holds 64-bit bit counts)
    reg            dec_q, bad_q;
    reg  [CCW-1:0] bdo_q;
    reg            bdo_valid_q;
    reg  [3:0]     bdo_type_q;
    reg  [NB-1:0]  bdo_vb_q;

    wire [127:0] s [0:7];
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : g_word
            assign s[i] = s_q[1023 - 128 * i -: 128];
        end
    endgenerate

    // ---- the word path: keystream, output block, absorbed block ----
    wire [255:0] z = {s[1] ^ s[6] ^ (s[2] & s[3]), s[2] ^ s[5] ^ (s[6] & s[7])};
    reg  [255:0] mask;
    integer b;
    always @* begin : byte_mask
        for (b = 0; b < NB; b = b + 1) mask[8 * b +: 8] = {8{bdi_valid_bytes[b]}};
    end
    wire [255:0] out   = (bdi ^ z) & mask;                 // CT (ENC) or PT (DEC), zero past the end
    wire [255:0] plain = decrypt_in ? out : bdi;           // the block absorbed: always the plaintext

    function automatic [63:0] le64(input [63:0] v);        // byte order reversed
        integer j;
        for (j = 0; j < 8; j = j + 1) le64[63 - 8 * j -: 8] = v[8 * j +: 8];
    endfunction
    wire [127:0] lengths = {le64({ad_len_q, 3'b000}), le64({msg_len_q, 3'b000})};
    wire [127:0] tmp     = cnt_q == 4'd0 ? s[2] ^ lengths : tmp_q;   // T, fixed at FIN's first cycle
    wire [127:0] tag     = s[0] ^ s[1] ^ s[2] ^ s[3] ^ s[4] ^ s[5] ^ s[6];

    // ---- handshakes ----
    wire bdo_free  = !bdo_valid_q || bdo_ready;
    wire take      = bdi_valid && bdi_ready;
    wire sized     = bdi_size != 0;
    assign key_ready      = st_q == S_IDLE;
    assign bdi_ready      = st_q == S_IDLE || st_q == S_AD || st_q == S_TAGIN || (st_q == S_MSG && bdo_free);
    assign bdo            = bdo_q;
    assign bdo_valid      = bdo_valid_q;
    assign bdo_type       = bdo_type_q;
    assign bdo_valid_bytes = bdo_vb_q;
    assign end_of_block   = bdo_valid_q;
    assign msg_auth_valid = st_q == S_AUTH;
    assign msg_auth       = !bad_q;

    // ---- StateUpdate128L(S, M0, M1): eight AES rounds in parallel ----
    reg  [127:0] m0, m1;
    always @* begin : message_words
        case (st_q)
            S_INIT:  begin m0 = n_q; m1 = k_q; end
            S_FIN:   begin m0 = tmp; m1 = tmp; end
            S_MSG:   begin m0 = plain[255:128]; m1 = plain[127:0]; end
            default: begin m0 = bdi[255:128]; m1 = bdi[127:0]; end   // S_AD
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

    // S after the NPUB word: K ^ N, C1, C0, C1, K ^ N, K ^ C0, K ^ C1, K ^ C0
    wire [127:0]  nonce  = bdi[255:128];
    wire [1023:0] s_load = {k_q ^ nonce, CONST1, CONST0, CONST1, k_q ^ nonce, k_q ^ CONST0, k_q ^ CONST1,
                            k_q ^ CONST0};
    wire [60:0]   size61 = {{(61 - $clog2(CCW/8+1)){1'b0}}, bdi_size};
    wire          update = st_q == S_INIT || st_q == S_FIN || ((st_q == S_AD || st_q == S_MSG) && take && sized);

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= S_IDLE; cnt_q <= 4'd0; k_q <= 128'd0; n_q <= 128'd0; tmp_q <= 128'd0; s_q <= 1024'd0;
            ad_len_q <= 61'd0; msg_len_q <= 61'd0; dec_q <= 1'b0; bad_q <= 1'b0;
            bdo_q <= {CCW{1'b0}}; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= {NB{1'b0}};
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {k_q[95:0], key};
            if (update) s_q <= s_next;
            case (st_q)
                S_IDLE: if (take) begin   // the NPUB word
                    n_q <= nonce; s_q <= s_load; dec_q <= decrypt_in; bad_q <= 1'b0;
                    ad_len_q <= 61'd0; msg_len_q <= 61'd0; cnt_q <= 4'd0; st_q <= S_INIT;
                end
                S_INIT: begin
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == 4'd9) st_q <= S_AD;
                end
                S_AD: if (take) begin
                    ad_len_q <= ad_len_q + size61;
                    if (bdi_eot) st_q <= S_MSG;
                end
                S_MSG: if (take) begin
                    msg_len_q <= msg_len_q + size61;
                    if (sized) begin
                        bdo_q <= out; bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                        bdo_type_q <= dec_q ? T_PT : T_CT;
                    end
                    if (bdi_eot) begin cnt_q <= 4'd0; st_q <= S_FIN; end
                end
                S_FIN: begin
                    if (cnt_q == 4'd0) tmp_q <= tmp;
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == 4'd6) st_q <= dec_q ? S_TAGIN : S_TAGOUT;
                end
                S_TAGOUT: if (bdo_free) begin
                    bdo_q <= {tag, {CCW - 128{1'b0}}}; bdo_valid_q <= 1'b1; bdo_vb_q <= TAG_LANES;
                    bdo_type_q <= T_TAG; st_q <= S_IDLE;
                end
                S_TAGIN: if (take) begin   // the 16-byte tag is one word
                    bad_q <= bdi[255:128] != tag;
                    st_q <= S_AUTH;
                end
                default: if (msg_auth_ready) st_q <= S_IDLE;   // S_AUTH
            endcase
        end
    end
endmodule

`default_nettype wire
