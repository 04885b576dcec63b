`default_nettype none
// morus1280128v1_core — MORUS-1280-128 v1 (CAESAR round 1, SUPERCOP morus1280128v1) CipherCore for the
// LWC frame with a 256-bit data bus (designs/lwc-frame/docs.md, "Bus width W": CCW = 256, the key bus
// 32 bits). One StateUpdate (morus1280_state_update, five rounds) per clock cycle and one 256-bit block,
// MORUS-1280's block, per bdi word: one cycle per block. Reference: src/cryptohls/golden/morus1280128v1.py.
//
// Byte order: MORUS reads a block little-endian (byte b in element bits [8b +: 8]) and the bus is
// big-endian (byte b in bits [255 - 8b -: 8]), so an element is the byte reversal of a bus word.
//
// Per message (cycles; every phase has a fixed length, none depends on data or key):
//   start  1 cycle, as the NPUB word is taken: the first update of
//          {S0 = N || 0, S1 = K || K, S2 = 1^256, S3 = 0, S4 = const0 || const1}, m = 0;
//   init   15 more updates, m = 0; the last one's result gets S1 ^= K || K;
//   AD     one update per AD word, m = the block (zero past its end: the frame zeroes those bytes);
//          an empty AD (one size-0 word) none;
//   PT/CT  one update per word: out = word ^ mask(S), m = the plaintext block (DEC: (CT ^ mask) on the
//          valid bytes); an empty PT/CT none;
//   final  8 updates, m = t = S3 ^ (adlen || msglen) (64-bit bit lengths, S3 of the first of them),
//          the first on the state with S4 ^= S0;
//   tag    1 cycle: the first 16 bytes of S1 ^ S2 ^ S3 ^ S4 (ENC: on bdo as one word of 16 valid
//          bytes; DEC: compared with the TAG word), then msg_auth (DEC).
// The state and t are cleared when a message ends (no key-dependent state stays between messages).

module morus1280128v1_core #(
    parameter integer CCW = 256  // bdi / bdo bits of the port list: only 256 (one block a word)
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [2:0] C_IDLE  = 3'd0;   // key words; a valid NPUB word starts the message
    localparam [2:0] C_INIT  = 3'd1;   // init updates 1 .. 15
    localparam [2:0] C_AD    = 3'd2;
    localparam [2:0] C_MSG   = 3'd3;
    localparam [2:0] C_FINAL = 3'd4;   // 8 updates
    localparam [2:0] C_TAG   = 3'd5;
    localparam [2:0] C_AUTH  = 3'd6;

    localparam [3:0] INIT_LAST = 4'd15, FINAL_LAST = 4'd7;
    // S4's start value const0 || const1 as an element (byte 0 of const0 in bits [7:0])
    localparam [255:0] CONSTS = 256'hdd28b57342311120f12fc26d55183ddb_6279e99059372215_0d080503_02010100;
    localparam [31:0]  TAG_LANES = 32'hffff_0000;   // the first 16 byte lanes

    function automatic [255:0] bswap256(input [255:0] a);
        integer i;
        for (i = 0; i < 32; i = i + 1) bswap256[8 * i +: 8] = a[255 - 8 * i -: 8];
    endfunction

    reg [2:0]    st_q;
    reg [3:0]    cnt_q;          // update of the current phase (init, final)
    reg [1279:0] s_q;
    reg [255:0]  t_q;            // the finalization block
    reg [127:0]  k_q;            // key, little-endian bytes (key byte b in [8b +: 8])
    reg [31:0]   adlen_q, msglen_q;   // bytes (messages below 4 GiB: the bit lengths are 35 bits)
    reg          dec_q, bad_q;
    `include "lwc_bdo_regs.vh"   // bdo_q, bdo_valid_q, bdo_type_q, bdo_vb_q on bdo; bdo_free

    // Handshake outputs towards the frame are continuous assignments of registers and inputs
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = (st_q == C_AD) || ((st_q == C_MSG) && bdo_free) || ((st_q == C_TAG) && dec_q) ||
                            ((st_q == C_IDLE) && !key_valid);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;
    assign end_of_block   = bdo_valid_q;     // every word is a whole block (bdo: lwc_bdo_regs.vh)

    wire take  = bdi_valid && bdi_ready;
    wire sized = bdi_size != 6'd0;
    wire [255:0] s0 = s_q[0 +: 256], s1 = s_q[256 +: 256], s2 = s_q[512 +: 256], s3 = s_q[768 +: 256],
                 s4 = s_q[1024 +: 256];
    wire [255:0] kk = {k_q, k_q};

    // the encryption mask S0 ^ (S1 <<< 192) ^ (S2 & S3), and the PT/CT word's two results
    wire [255:0] ks      = s0 ^ {s1[63:0], s1[255:64]} ^ (s2 & s3);
    wire [255:0] lane_mask;
    genvar g;
    generate
        for (g = 0; g < 32; g = g + 1) begin : lanes
            assign lane_mask[255 - 8 * g -: 8] = {8{bdi_valid_bytes[31 - g]}};
        end
    endgenerate
    wire [255:0] out_word = (bdi ^ bswap256(ks)) & lane_mask;     // CT (ENC) or PT (DEC), bus order
    wire [255:0] plain    = dec_q ? out_word : bdi;                 // the block the state takes

    // the update's inputs: the start state, the state with S4 ^= S0 (first final update), or the state
    wire [63:0]  adbits  = {29'd0, adlen_q, 3'd0};
    wire [63:0]  msgbits = {29'd0, msglen_q, 3'd0};
    wire         final0  = (st_q == C_FINAL) && (cnt_q == 4'd0);
    wire [1279:0] start_state = {CONSTS, 256'd0, {256{1'b1}}, kk, bswap256(bdi)};
    wire [1279:0] u_in = (st_q == C_IDLE) ? start_state :
                         final0 ? {s4 ^ s0, s_q[1023:0]} : s_q;
    wire [255:0] fin_block = final0 ? (s3 ^ {128'd0, msgbits, adbits}) : t_q;
    reg  [255:0] m;
    always @* begin : message_block
        case (st_q)
            C_AD:    m = bswap256(bdi);
            C_MSG:   m = bswap256(plain);
            C_FINAL: m = fin_block;
            default: m = 256'd0;                                      // init
        endcase
    end
    wire [1279:0] u_out;
    morus1280_state_update u_update (.s_i(u_in), .m_i(m), .s_o(u_out));
    wire init_end = (st_q == C_INIT) && (cnt_q == INIT_LAST);
    wire [1279:0] s_next = init_end ? (u_out ^ {768'd0, kk, 256'd0}) : u_out;   // S1 ^= K || K

    // an update runs when its phase has all it needs: the bdi word, room on bdo
    wire start = (st_q == C_IDLE) && take;
    wire step  = start || (st_q == C_INIT) || (st_q == C_FINAL) ||
                 (((st_q == C_AD) || (st_q == C_MSG)) && take && sized);

    wire [127:0] tag_el   = s1[127:0] ^ s2[127:0] ^ s3[127:0] ^ s4[127:0];   // the first 16 bytes
    wire [255:0] tag_word = bswap256({128'd0, tag_el});                      // in the first 16 lanes

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= C_IDLE; cnt_q <= 4'd0; s_q <= 1280'd0; t_q <= 256'd0; k_q <= 128'd0;
            adlen_q <= 32'd0; msglen_q <= 32'd0; dec_q <= 1'b0; bad_q <= 1'b0;
            bdo_q <= 256'd0; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= 32'd0;
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {key[7:0], key[15:8], key[23:16], key[31:24], k_q[127:32]};
            if (step) s_q <= s_next;
            case (st_q)
                C_IDLE: if (start) begin
                    st_q <= C_INIT; cnt_q <= 4'd1; dec_q <= decrypt_in; bad_q <= 1'b0;
                    adlen_q <= 32'd0; msglen_q <= 32'd0;
                end
                C_INIT: begin
                    cnt_q <= cnt_q + 4'd1;
                    if (init_end) st_q <= C_AD;
                end
                C_AD: if (take) begin
                    adlen_q <= adlen_q + {26'd0, bdi_size};
                    if (bdi_eot) st_q <= C_MSG;
                end
                C_MSG: if (take) begin
                    msglen_q <= msglen_q + {26'd0, bdi_size};
                    if (sized) begin
                        bdo_q <= out_word; bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                        bdo_type_q <= dec_q ? T_PT : T_CT;
                    end
                    if (bdi_eot) begin
                        st_q <= C_FINAL; cnt_q <= 4'd0;
                    end
                end
                C_FINAL: begin
                    if (final0) t_q <= fin_block;
                    cnt_q <= cnt_q + 4'd1;
                    if (cnt_q == FINAL_LAST) st_q <= C_TAG;
                end
                C_TAG: if (dec_q ? take : bdo_free) begin
                    `include "lwc_tag_word.vh"   // ENC: the tag word on bdo; DEC: compared with it
                    s_q <= 1280'd0; t_q <= 256'd0; cnt_q <= 4'd0;
                end
                default: if (msg_auth_ready) st_q <= C_IDLE;   // C_AUTH
            endcase
        end
    end
endmodule

`default_nettype wire
