`default_nettype none
// norx3241v2_core — NORX32-4-1 v2.0 (CAESAR round 2, SUPERCOP norx3241v2) CipherCore for the LWC frame
// with a 384-bit data bus (designs/lwc-frame/docs.md, "Bus width W": CCW = 384, the key bus 32 bits):
// one bdi word is one 384-bit rate block. One full round F (norx32_round) per clock cycle, so F^4 in 4
// cycles, and the block absorbed in the cycle of its permutation's last round: 4 cycles per block.
// Reference: src/cryptohls/golden/norx3241v2.py. Key 16 bytes, nonce 8 bytes (v2.0), tag 16 bytes.
//
// Byte order: NORX loads words little-endian (rate byte b in rate bits [8b +: 8]); the bus is big-endian
// (byte b in bits [383 - 8b -: 8]), so the rate is the byte reversal of a bus word.
//
// Per message (cycles; every phase has a fixed length, none depends on data or key):
//   init   4 rounds, the first as the NPUB word is taken, on (n0, n1, u2, u3, k0..k3, u8..u15) with
//          (32, 4, 1, 128) XORed into s12..s15;
//   AD     per word: round 0 (s15 ^= 0x01) as it is taken, rounds 1..3, then the rate ^= the block
//          (the last one padded: 0x01 after the data, 0x80 in byte 47) on round 3's result; a last word
//          of 48 bytes is followed by a block of padding alone (4 more cycles); an empty AD (one size-0
//          word): 1 cycle, no rounds;
//   PT/CT  the same with s15 ^= 0x02: round 3 gives the keystream (its rate), out = word ^ keystream,
//          the rate ^= the padded plaintext (DEC: (CT ^ keystream) on the valid bytes);
//   final  8 rounds, the first on s15 ^= 0x08;
//   tag    1 cycle: s0..s3 (ENC: one bdo word with 16 valid bytes; DEC: compared with the TAG word),
//          then msg_auth (DEC).
// The state is cleared when a message ends (no key-dependent state stays between messages).

module norx3241v2_core #(
    parameter integer CCW = 384  // bdi / bdo bits of the port list: only 384 (one block a word)
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [2:0] C_IDLE  = 3'd0;   // key words; a valid NPUB word starts the message
    localparam [2:0] C_INIT  = 3'd1;   // init rounds 1 .. 3
    localparam [2:0] C_WORD  = 3'd2;   // waiting for an AD or PT/CT word (its round 0 as it is taken)
    localparam [2:0] C_PERM  = 3'd3;   // rounds 1 .. 3 of a block (0 .. 3 for a padding-only block)
    localparam [2:0] C_FINAL = 3'd4;   // 8 rounds
    localparam [2:0] C_TAG   = 3'd5;
    localparam [2:0] C_AUTH  = 3'd6;

    localparam [7:0] D_HEADER = 8'h01, D_PAYLOAD = 8'h02, D_FINAL = 8'h08;   // domain constants (s15)
    // the start state's words 8 .. 15 (u8 .. u15, s12 .. s15 with (W, l, p, t) = (32, 4, 1, 128)) and 2, 3
    localparam [255:0] U_HIGH = {32'hD7C49184, 32'hBE0BF5C8, 32'hF994220F, 32'h335463CB,
                                 32'hEDCA4787, 32'hED84EB49, 32'h3FA8B72C, 32'hA3D8D930};
    localparam [63:0]  U_LOW  = {32'hA0C7C90D, 32'hB707322F};
    localparam [383:0] PAD_ONLY = {8'h01, 368'd0, 8'h80};   // padding of an empty block, bus order
    localparam [47:0]  TAG_LANES = {16'hffff, 32'd0};

    function automatic [383:0] bswap384(input [383:0] a);
        integer i;
        for (i = 0; i < 48; i = i + 1) bswap384[8 * i +: 8] = a[383 - 8 * i -: 8];
    endfunction

    reg [2:0]   st_q;
    reg [2:0]   rnd_q;           // round of the current permutation
    reg [511:0] s_q;
    reg [127:0] k_q;             // key, little-endian bytes (key byte b in [8b +: 8])
    reg         ad_q;            // the words are AD (else PT/CT)
    reg         dec_q, bad_q;
    reg [383:0] w_q;             // the block's bdi word (zero for a padding-only block)
    reg [47:0]  vb_q;            // its valid bytes
    reg [383:0] pad_q;           // its padding, bus order (zero unless the segment's last partial word)
    reg         last_q;          // the segment's last word
    reg         extra_q;         // a padding-only block follows (the last word was full)
    `include "lwc_bdo_regs.vh"   // bdo_q, bdo_valid_q, bdo_type_q, bdo_vb_q on bdo; bdo_free

    // Handshake outputs towards the frame are continuous assignments of registers and inputs
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = (st_q == C_WORD) || ((st_q == C_TAG) && dec_q) || ((st_q == C_IDLE) && !key_valid);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;
    assign end_of_block   = bdo_valid_q;     // every word is a whole block (bdo: lwc_bdo_regs.vh)

    wire take  = bdi_valid && bdi_ready;
    wire sized = bdi_size != 6'd0;
    wire full  = bdi_pad_loc == 48'd0 && sized;

    // the round's input: the start state, or the state with s15 ^= the domain in a permutation's round 0
    wire        start  = (st_q == C_IDLE) && take;
    wire        word0  = (st_q == C_WORD) && take && sized;
    wire        round0 = word0 || ((st_q == C_PERM) && rnd_q == 3'd0) || ((st_q == C_FINAL) && rnd_q == 3'd0);
    wire [7:0]  domain = (st_q == C_FINAL) ? D_FINAL : ad_q ? D_HEADER : D_PAYLOAD;
    wire [63:0]  nonce_le = {bdi[327:320], bdi[335:328], bdi[343:336], bdi[351:344],
                             bdi[359:352], bdi[367:360], bdi[375:368], bdi[383:376]};   // the nonce's 8 bytes
    wire [511:0] start_state = {U_HIGH, k_q, U_LOW, nonce_le};
    wire [511:0] r_in = (st_q == C_IDLE) ? start_state : round0 ? (s_q ^ {24'd0, domain, 480'd0}) : s_q;
    wire [511:0] r_out;
    norx32_round u_round (.s_i(r_in), .s_o(r_out));

    // a block's last round (3) of AD or PT/CT: the keystream, the output and the absorbed block
    wire         absorb    = (st_q == C_PERM) && rnd_q == 3'd3;
    wire [383:0] lane_mask;
    genvar g;
    generate
        for (g = 0; g < 48; g = g + 1) begin : lanes
            assign lane_mask[8 * g +: 8] = {8{vb_q[g]}};
        end
    endgenerate
    wire [383:0] ks_bus   = bswap384(r_out[383:0]);
    wire [383:0] out_word = (w_q ^ ks_bus) & lane_mask;            // CT (ENC) or PT (DEC), bus order
    wire [383:0] plain    = (dec_q && !ad_q) ? out_word : w_q;
    wire [511:0] s_next   = absorb ? (r_out ^ {128'd0, bswap384(plain ^ pad_q)}) : r_out;
    // the pad of a word: 0x01 in the lane after its last byte, 0x80 in the last lane (a partial word)
    wire [383:0] pad_of_word;
    generate
        for (g = 0; g < 48; g = g + 1) begin : pads
            assign pad_of_word[8 * g +: 8] = {7'd0, bdi_pad_loc[g]} | ((g == 0 && !full) ? 8'h80 : 8'h00);
        end
    endgenerate

    // a round runs when its phase has what it needs: the bdi word, room on bdo for an output
    wire out_now = absorb && !ad_q && vb_q != 48'd0;
    wire step = start || (st_q == C_INIT) || word0 || (st_q == C_FINAL) || ((st_q == C_PERM) && (!out_now || bdo_free));

    wire [383:0] tag_word = bswap384({256'd0, s_q[127:0]});      // s0 .. s3 in the first 16 lanes

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= C_IDLE; rnd_q <= 3'd0; s_q <= 512'd0; k_q <= 128'd0; ad_q <= 1'b0; dec_q <= 1'b0;
            bad_q <= 1'b0; w_q <= 384'd0; vb_q <= 48'd0; pad_q <= 384'd0; last_q <= 1'b0; extra_q <= 1'b0;
            bdo_q <= 384'd0; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= 48'd0;
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {key[7:0], key[15:8], key[23:16], key[31:24], k_q[127:32]};
            if (step) s_q <= s_next;
            case (st_q)
                C_IDLE: if (start) begin
                    st_q <= C_INIT; rnd_q <= 3'd1; dec_q <= decrypt_in; bad_q <= 1'b0; ad_q <= 1'b1;
                end
                C_INIT: begin
                    rnd_q <= rnd_q + 3'd1;
                    if (rnd_q == 3'd3) st_q <= C_WORD;
                end
                C_WORD: if (take) begin
                    if (sized) begin
                        st_q <= C_PERM; rnd_q <= 3'd1;
                        w_q <= bdi; vb_q <= bdi_valid_bytes; last_q <= bdi_eot; extra_q <= bdi_eot && full;
                        pad_q <= (bdi_eot && !full) ? pad_of_word : 384'd0;
                    end else if (!ad_q) begin   // an empty PT/CT
                        st_q <= C_FINAL; rnd_q <= 3'd0;
                    end
                    if (!sized) ad_q <= 1'b0;   // an empty AD: the PT/CT words next
                end
                C_PERM: if (step) begin
                    rnd_q <= rnd_q + 3'd1;
                    if (absorb) begin
                        if (out_now) begin
                            bdo_q <= out_word; bdo_valid_q <= 1'b1; bdo_vb_q <= vb_q;
                            bdo_type_q <= dec_q ? T_PT : T_CT;
                        end
                        if (extra_q) begin   // a block of padding alone
                            rnd_q <= 3'd0; extra_q <= 1'b0;
                            w_q <= 384'd0; vb_q <= 48'd0; pad_q <= PAD_ONLY;
                        end else if (last_q) begin
                            ad_q <= 1'b0; rnd_q <= 3'd0;
                            st_q <= ad_q ? C_WORD : C_FINAL;
                        end else begin
                            st_q <= C_WORD;
                        end
                    end
                end
                C_FINAL: begin
                    rnd_q <= rnd_q + 3'd1;
                    if (rnd_q == 3'd7) st_q <= C_TAG;
                end
                C_TAG: if (dec_q ? take : bdo_free) begin
                    `include "lwc_tag_word.vh"   // ENC: the tag word on bdo; DEC: compared with it
                    s_q <= 512'd0; w_q <= 384'd0; rnd_q <= 3'd0;
                end
                default: if (msg_auth_ready) st_q <= C_IDLE;   // C_AUTH
            endcase
        end
    end
endmodule

`default_nettype wire
