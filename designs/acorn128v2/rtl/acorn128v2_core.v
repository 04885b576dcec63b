`default_nettype none
// acorn128v2_core — ACORN-128 v2 (CAESAR round 2, SUPERCOP acorn128v2) CipherCore for the LWC frame
// (designs/lwc-frame/docs.md: the GMU CryptoCore port list, CCW = CCSW = 32).
// 32 ACORN steps per clock cycle (acorn128v2_steps), so one 32-bit bus word, ACORN's natural word,
// per cycle: one cycle per 4-byte block. Reference: src/cryptohls/golden/acorn128v2.py.
//
// Bit order: ACORN feeds each byte least significant bit first, so step t of a word takes bit t of
// the byte-swapped (little-endian) bus word; keystream and tag words are byte-swapped back.
//
// Per message (cycles of 32 steps; every phase has a fixed number of cycles, none depends on data):
//   init   56 cycles, ca = cb = 1, message K (4 cycles, key register), N (4 cycles, the NPUB words
//          taken from bdi), then K again 12 times with bit 0 of the first of them flipped (K_0 ^ 1);
//          the first cycle runs in IDLE as the NPUB's first word appears (the state is zero there);
//   AD     one cycle per AD word (8 * bdi_size steps), ca = cb = 1; an empty AD (one size-0 word) none;
//   pad    8 cycles: message 1 then 255 zeros, ca = 1 for 4 cycles then 0, cb = 1 (after AD);
//   PT/CT  one cycle per word, ca = 1, cb = 0: CT = PT ^ ks, the state takes PT (DEC: PT = CT ^ ks;
//          the keystream of a word never depends on its own message bits);
//   pad    8 cycles as above with cb = 0;
//   final  24 cycles, m = 0, ca = cb = 1: the tag is the keystream of the last 4 cycles (ENC: on bdo;
//          DEC: compared with the 4 TAG words from bdi, then msg_auth).
// The state is cleared when a message ends, so no key-dependent state stays in the core between
// messages (and the next message's first cycle starts from zero).

module acorn128v2_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [2:0] C_IDLE   = 3'd0;   // key words; a valid NPUB word starts the message
    localparam [2:0] C_INIT   = 3'd1;   // init cycles 1..55 (NPUB words taken in cycles 4..7)
    localparam [2:0] C_AD     = 3'd2;
    localparam [2:0] C_AD_PAD = 3'd3;
    localparam [2:0] C_MSG    = 3'd4;
    localparam [2:0] C_MSG_PAD = 3'd5;
    localparam [2:0] C_FINAL  = 3'd6;   // 24 cycles; the tag words in cycles 20..23
    localparam [2:0] C_AUTH   = 3'd7;

    localparam [5:0] INIT_LAST = 6'd55, PAD_LAST = 6'd7, FINAL_LAST = 6'd23, TAG_FIRST = 6'd20;

    reg [2:0]   st_q;
    reg [5:0]   cnt_q;           // cycle of the current phase
    reg [292:0] s_q;
    reg [127:0] k_q;             // key, little-endian bits: word j (byte-swapped) in [32j +: 32]
    reg         dec_q;
    reg         bad_q;           // DEC: a tag word differed
    `include "lwc_bdo_regs.vh"   // bdo_q, bdo_valid_q, bdo_type_q, bdo_vb_q on bdo; bdo_free
    reg         eob_q;           // end_of_block: every PT/CT word, the tag's 4th

    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp

    wire npub_cycle = (st_q == C_INIT) && (cnt_q[5:2] == 4'd1);             // cycles 4..7
    wire tag_cycle  = (st_q == C_FINAL) && (cnt_q >= TAG_FIRST);

    // Handshake outputs towards the frame are continuous assignments of registers and inputs
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = npub_cycle || (st_q == C_AD) || ((st_q == C_MSG) && bdo_free) ||
                            (tag_cycle && dec_q);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;
    assign end_of_block   = eob_q;

    wire take     = bdi_valid && bdi_ready;
    wire start    = (st_q == C_IDLE) && !key_valid && bdi_valid;   // the NPUB's first word is there
    wire in_word  = (st_q == C_AD) || (st_q == C_MSG);             // a data word sets the step count
    wire pad      = (st_q == C_AD_PAD) || (st_q == C_MSG_PAD);

    // the step datapath's inputs
    wire [31:0] key_word = k_q[32 * cnt_q[1:0] +: 32];
    wire [31:0] bdi_le   = bswap32(bdi);
    wire [31:0] ks;
    wire [31:0] pt_le    = dec_q ? (bdi_le ^ ks) : bdi_le;             // PT/CT: the state takes PT
    wire [31:0] lane_mask = bswap32(word_mask(bdi_valid_bytes));
    reg  [31:0] m;
    always @* begin : message_bits
        case (st_q)
            C_IDLE:    m = key_word;                                     // init cycle 0: K word 0
            C_INIT:    m = npub_cycle ? bdi_le : (key_word ^ {31'd0, cnt_q == 6'd8});   // K_0 ^ 1 at step 256
            C_AD:      m = bdi_le;
            C_MSG:     m = pt_le & lane_mask;
            C_AD_PAD, C_MSG_PAD: m = {31'd0, cnt_q == 6'd0};
            default:   m = 32'd0;
        endcase
    end
    wire        ca = !pad || (cnt_q < 6'd4);
    wire        cb = !((st_q == C_MSG) || (st_q == C_MSG_PAD));
    wire [1:0]  count = in_word ? bdi_size[1:0] - 2'd1 : 2'd3;         // size 4 -> 3 (32 steps)
    wire [292:0] s_next;
    acorn128v2_steps u_steps (.s_i(s_q), .m_i(m), .ca_i(ca), .cb_i(cb), .count_i(count), .s_o(s_next),
                              .ks_o(ks));

    wire [31:0] out_word = bdi ^ bswap32(ks);   // CT = PT ^ ks (ENC), PT = CT ^ ks (DEC)
    wire [31:0] tag_word = bswap32(ks);

    // a cycle of steps runs when its phase has all it needs: the bdi word, room on bdo
    wire sized = bdi_size != 3'd0;
    wire step  = start || (npub_cycle ? take : (st_q == C_INIT)) || (in_word && take && sized) || pad ||
                 ((st_q == C_FINAL) && (!tag_cycle || (dec_q ? take : bdo_free)));

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= C_IDLE; cnt_q <= 6'd0; s_q <= 293'd0; k_q <= 128'd0; dec_q <= 1'b0; bad_q <= 1'b0;
            bdo_q <= 32'd0; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= 4'd0; eob_q <= 1'b0;
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {bswap32(key), k_q[127:32]};   // word 0 first
            if (step) begin
                s_q <= s_next;
                cnt_q <= cnt_q + 6'd1;
            end
            case (st_q)
                C_IDLE: if (start) begin
                    st_q <= C_INIT; cnt_q <= 6'd1; dec_q <= decrypt_in; bad_q <= 1'b0;
                end
                C_INIT: if (step && cnt_q == INIT_LAST) begin
                    st_q <= C_AD; cnt_q <= 6'd0;
                end
                C_AD: if (take && bdi_eot) begin
                    st_q <= C_AD_PAD; cnt_q <= 6'd0;
                end
                C_AD_PAD: if (cnt_q == PAD_LAST) begin
                    st_q <= C_MSG; cnt_q <= 6'd0;
                end
                C_MSG: if (take) begin
                    if (sized) begin
                        bdo_q <= out_word & bswap32(lane_mask); bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                        bdo_type_q <= dec_q ? T_PT : T_CT; eob_q <= 1'b1;
                    end
                    if (bdi_eot) begin
                        st_q <= C_MSG_PAD; cnt_q <= 6'd0;
                    end
                end
                C_MSG_PAD: if (cnt_q == PAD_LAST) begin
                    st_q <= C_FINAL; cnt_q <= 6'd0;
                end
                C_FINAL: if (step) begin
                    if (tag_cycle && !dec_q) begin
                        bdo_q <= tag_word; bdo_valid_q <= 1'b1; bdo_vb_q <= 4'b1111; bdo_type_q <= T_TAG;
                        eob_q <= cnt_q == FINAL_LAST;
                    end
                    if (tag_cycle && dec_q) bad_q <= bad_q | (bdi != tag_word);
                    if (cnt_q == FINAL_LAST) begin
                        st_q <= dec_q ? C_AUTH : C_IDLE; cnt_q <= 6'd0;
                        if (!dec_q) s_q <= 293'd0;
                    end
                end
                default: if (msg_auth_ready) begin   // C_AUTH
                    st_q <= C_IDLE; s_q <= 293'd0;
                end
            endcase
        end
    end
endmodule

`default_nettype wire
