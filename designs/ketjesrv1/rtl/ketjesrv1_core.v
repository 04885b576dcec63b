`default_nettype none
// ketjesrv1_core — Ketje Sr v1 (CAESAR round 1/2, SUPERCOP ketjesrv1) CipherCore for the LWC frame
// (designs/lwc-frame/docs.md: the GMU CryptoCore port list, CCW = CCSW = 32).
// MonkeyWrap on Keccak-p[400] with a 32-bit block (rho = 32): one Keccak-p[400] round per clock cycle
// (keccak_p400_round), and one data word per cycle, since MonkeyDuplex's step is one round: a word is
// absorbed and its round runs in the same cycle. Reference: src/cryptohls/golden/ketjesrv1.py.
//
// State: s_q[399:0], little-endian bytes (byte b = s_q[8b +: 8]); a big-endian bus word goes to or comes
// from the byte-swap of s_q[31:0]. The duplex rate is bits 0..35: a block (up to 4 bytes), right after
// it the frame bits and the first padding bit (a 3-bit value v), and bit 35, the last padding bit.
//   start     s = 0x12 || K || 0x01 || N || 0x01 || 0 .. || 0x80 (keypack, nonce, pad10*1), 12 rounds
//             (round indices 8 .. 19); the NPUB words are written into bytes 18 .. 33 as they arrive;
//   AD        per word: v = 100 (the last word, eot: 110), one round (index 19); an empty AD is one
//             empty last block (the frame's size-0 word);
//   PT/CT     per word: out = word ^ rate; the plaintext absorbed with v = 111, one round; the last
//             word (eot; an empty PT is one size-0 word) with v = 101 and a stride of 6 rounds (14 .. 19);
//   tag       4 words: the rate's first word, then a squeeze step (bits 1 and 35, one round) per word;
//             ENC sends them on bdo, DEC compares them with the TAG words and answers msg_auth.
// The state is cleared when a message ends.

module ketjesrv1_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [2:0] C_IDLE = 3'd0;   // key words; the NPUB's first word starts the message
    localparam [2:0] C_NPUB = 3'd1;   // NPUB words 1 .. 3
    localparam [2:0] C_PERM = 3'd2;   // rounds without data: the start's 12, the stride's last 5
    localparam [2:0] C_AD   = 3'd3;
    localparam [2:0] C_MSG  = 3'd4;
    localparam [2:0] C_TAG  = 3'd5;   // 4 tag words
    localparam [2:0] C_AUTH = 3'd6;

    localparam [4:0] RC_START = 5'd8, RC_STRIDE_NEXT = 5'd15, RC_LAST = 5'd19;
    // frame bits and the first padding bit after a block, LSB first (golden FRAME_*, with the pad bit)
    localparam [2:0] V_AD = 3'b100, V_AD_LAST = 3'b110, V_PT = 3'b111, V_PT_LAST = 3'b101;

    reg [2:0]   st_q;
    reg [4:0]   rc_q;            // round index of the next round in C_PERM
    reg [1:0]   w_q;             // word index: NPUB, tag
    reg [399:0] s_q;
    reg [127:0] k_q;             // key, little-endian bytes (word 0 byte-swapped in [31:0])
    reg         dec_q, bad_q;
    `include "lwc_bdo_regs.vh"   // bdo_q, bdo_valid_q, bdo_type_q, bdo_vb_q on bdo; bdo_free
    reg         eob_q;           // end_of_block: every PT/CT word, the tag's 4th

    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp

    // Keccak round constants (low 16 bits) of the round indices the core runs: 8 .. 19
    function [15:0] round_constant(input [4:0] i);
        case (i)
            5'd8: round_constant = 16'h008A;   5'd9: round_constant = 16'h0088;
            5'd10: round_constant = 16'h8009;  5'd11: round_constant = 16'h000A;
            5'd12: round_constant = 16'h808B;  5'd13: round_constant = 16'h008B;
            5'd14: round_constant = 16'h8089;  5'd15: round_constant = 16'h8003;
            5'd16: round_constant = 16'h8002;  5'd17: round_constant = 16'h0080;
            5'd18: round_constant = 16'h800A;  default: round_constant = 16'h000A;   // 19
        endcase
    endfunction

    // Handshake outputs towards the frame are continuous assignments of registers and inputs
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = (st_q == C_IDLE) ? !key_valid :
                            (st_q == C_MSG)  ? bdo_free :
                            (st_q == C_NPUB) || (st_q == C_AD) || ((st_q == C_TAG) && dec_q);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;
    assign end_of_block   = eob_q;

    wire take  = bdi_valid && bdi_ready;
    wire full  = bdi_size[2];
    wire [31:0] mask = {{8{bdi_valid_bytes[3]}}, {8{bdi_valid_bytes[2]}}, {8{bdi_valid_bytes[1]}},
                        {8{bdi_valid_bytes[0]}}};
    wire [31:0] rate_word = bswap32(s_q[31:0]);                 // keystream / tag word, bus byte order
    wire [31:0] out_word  = (bdi ^ rate_word) & mask;           // CT (ENC) or PT (DEC)
    wire [31:0] plain     = dec_q ? out_word : bdi;             // the block absorbed: the plaintext

    // the duplex input of a data word: block, then v at the byte after it (bits 32..34 for a full word)
    wire [2:0]  v = (st_q == C_AD) ? (bdi_eot ? V_AD_LAST : V_AD) : (bdi_eot ? V_PT_LAST : V_PT);
    wire [31:0] v_at = {bdi_pad_loc[3] ? {5'd0, v} : 8'd0, bdi_pad_loc[2] ? {5'd0, v} : 8'd0,
                        bdi_pad_loc[1] ? {5'd0, v} : 8'd0, bdi_pad_loc[0] ? {5'd0, v} : 8'd0};
    wire [35:0] absorb  = {1'b1, full ? v : 3'd0, bswap32(((st_q == C_MSG) ? plain : bdi) | v_at)};
    wire [35:0] squeeze = {1'b1, 33'd0, 2'b10};                 // step(0): the bit string 0, then pad10*1

    reg  [35:0] rate_in;
    reg  [4:0]  rc;
    always @* begin : round_input
        case (st_q)
            C_AD, C_MSG: begin
                rate_in = absorb;
                rc = (st_q == C_MSG) && bdi_eot ? RC_STRIDE_NEXT - 5'd1 : RC_LAST;   // the stride's first round
            end
            C_TAG:   begin rate_in = squeeze; rc = RC_LAST; end
            default: begin rate_in = 36'd0;   rc = rc_q;    end   // C_PERM
        endcase
    end
    wire [399:0] s_round;
    keccak_p400_round u_round (.s_i(s_q ^ {364'd0, rate_in}), .rc_i(round_constant(rc)), .s_o(s_round));

    // the start state with the NPUB's first word: keypack(K) = 0x12 || K || 0x01, N, pad10*1
    wire [399:0] start_state = {1'b1, 126'd0, 1'b1, 96'd0, bswap32(bdi), 7'd0, 1'b1, k_q, 8'h12};

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= C_IDLE; rc_q <= 5'd0; w_q <= 2'd0; s_q <= 400'd0; k_q <= 128'd0; dec_q <= 1'b0;
            bad_q <= 1'b0; bdo_q <= 32'd0; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= 4'd0;
            eob_q <= 1'b0;
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {bswap32(key), k_q[127:32]};   // word 0 first
            case (st_q)
                C_IDLE: if (take) begin
                    s_q <= start_state; w_q <= 2'd1; dec_q <= decrypt_in; bad_q <= 1'b0; st_q <= C_NPUB;
                end
                C_NPUB: if (take) begin
                    s_q[144 + 32 * w_q +: 32] <= bswap32(bdi);
                    w_q <= w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        st_q <= C_PERM; rc_q <= RC_START;
                    end
                end
                C_PERM: begin
                    s_q <= s_round;
                    rc_q <= rc_q + 5'd1;
                    if (rc_q == RC_LAST) begin
                        st_q <= (w_q == 2'd0) ? C_AD : C_TAG;   // after the start: AD; after a stride: tag
                        w_q <= 2'd0;
                    end
                end
                C_AD: if (take) begin
                    s_q <= s_round;
                    if (bdi_eot) st_q <= C_MSG;
                end
                C_MSG: if (take) begin
                    s_q <= s_round;
                    if (bdi_size != 3'd0) begin
                        bdo_q <= out_word; bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                        bdo_type_q <= dec_q ? T_PT : T_CT; eob_q <= 1'b1;
                    end
                    if (bdi_eot) begin
                        st_q <= C_PERM; rc_q <= RC_STRIDE_NEXT; w_q <= 2'd1;   // w = 1: a stride
                    end
                end
                C_TAG: if (dec_q ? take : bdo_free) begin
                    s_q <= s_round;
                    w_q <= w_q + 2'd1;
                    if (!dec_q) begin
                        bdo_q <= rate_word; bdo_valid_q <= 1'b1; bdo_vb_q <= 4'b1111; bdo_type_q <= T_TAG;
                        eob_q <= w_q == 2'd3;
                    end
                    bad_q <= bad_q | (dec_q && bdi != rate_word);
                    if (w_q == 2'd3) begin
                        st_q <= dec_q ? C_AUTH : C_IDLE;
                        if (!dec_q) s_q <= 400'd0;
                    end
                end
                default: if (msg_auth_ready) begin   // C_AUTH
                    st_q <= C_IDLE; s_q <= 400'd0;
                end
            endcase
        end
    end
endmodule

`default_nettype wire
