`default_nettype none
// tiaoxin346_core — Tiaoxin-346 v2 (CAESAR round 2, SUPERCOP tiaoxinv2; 16-byte key, nonce and tag)
// as a CipherCore of the LWC frame at CCW = 256 (designs/lwc-frame/docs.md "Bus width W"): one
// 32-byte message block per bdi word and per clock cycle. Golden model: src/cryptohls/golden/tiaoxinv2.py.
//
// The state is three registers of 128-bit words, T3 (3 words), T4 (4) and T6 (6), word 0 in the top
// bits. One Update(T3, T4, T6, M0, M1, M0 ^ M1) per cycle: six AES rounds side by side (two per
// register, tiaoxin346_reg_update). The rounds run with a zero message (u); the message enters only
// by XOR into each register's word 0, so the keystream (k0, k1) of u serves ENC and DEC alike:
//   ENC  C0 = k0 ^ M0,  C1 = k1 ^ M0 ^ M1;     DEC  M0 = C0 ^ k0,  M1 = C1 ^ k1 ^ M0
// (bytes past the block's end zeroed before they are absorbed). Phases:
//   INIT (15 cycles)  (Z0, Z1, Z0)        after the NPUB word loads T3 = (K, K, N), T4 = (K, K, N, Z0),
//                                          T6 = (K, K, N, Z1, 0, 0)
//   AD   (per block)  (A0, A1, A0 ^ A1)   the 32-byte AD block (the frame zeroes bytes past the end)
//   MSG  (per block)  (M0, M1, M0 ^ M1)   and the CT / PT word on bdo
//   FIN  (21 cycles)  (|AD|, |M|, |AD| ^ |M|) in bytes as 128-bit big-endian numbers, then 20 x (Z1, Z0, Z1)
// then the tag, the XOR of the 13 words, goes out (ENC) or is compared with the TAG word (DEC).
// Size-0 words (empty AD or PT/CT) are taken without an update, as the model absorbs nothing.
// Cycles per message: 1 (NPUB) + 15 + AD words + PT/CT words + 21 + 1 (tag).

module tiaoxin346_core #(
    parameter integer CCW = 256              // only 256: one block per word
) (
`include "lwc_cipher_core_ports.vh"
);
    localparam integer NB = CCW / 8;
    `include "lwc_segment_types.vh"
    localparam [3:0] S_IDLE = 4'd0, S_INIT = 4'd1, S_AD = 4'd2, S_MSG = 4'd3, S_FIN = 4'd4,
                     S_TAGOUT = 4'd5, S_TAGIN = 4'd6, S_AUTH = 4'd7;
    // SHA-512's first four round constants
    localparam [127:0] Z0 = 128'h428a2f98d728ae227137449123ef65cd;
    localparam [127:0] Z1 = 128'hb5c0fbcfec4d3b2fe9b5dba58189dbbc;
    localparam [NB-1:0] TAG_LANES = ~({NB{1'b1}} >> 16);   // the first 16 byte lanes

    reg  [3:0]     st_q;
    reg  [4:0]     cnt_q;                    // INIT / FIN updates
    reg  [127:0]   k_q;
    // T3[0] in [383:256] .. T3[2] in [127:0]. The power-up values (the reset's) keep the registers in
    // front of the S-boxes in synthesis: without them Yosys's memory_dff takes them as the address
    // registers of the 96 S-box ROMs and memory_map moves them behind, so the load / update / hold
    // mux and the previous rounds' MixColumns feed every S-box's LUT tree (docs.md, "Area").
    reg  [383:0]   t3_q;
    reg  [511:0]   t4_q;
    reg  [767:0]   t6_q;
    initial begin t3_q = 384'd0; t4_q = 512'd0; t6_q = 768'd0; end
    reg  [60:0]    ad_len_q, msg_len_q;      // bytes
    reg            dec_q, bad_q;
    `include "lwc_bdo_regs.vh"   // bdo_q, bdo_valid_q, bdo_type_q, bdo_vb_q on bdo; bdo_free

    // ---- Update with a zero message: six AES rounds ----
    wire [383:0] u3;
    wire [511:0] u4;
    wire [767:0] u6;
    tiaoxin346_reg_update #(.S(3)) u_t3 (.t_i(t3_q), .t_o(u3));
    tiaoxin346_reg_update #(.S(4)) u_t4 (.t_i(t4_q), .t_o(u4));
    tiaoxin346_reg_update #(.S(6)) u_t6 (.t_i(t6_q), .t_o(u6));

    // keystream of u: T3[0] ^ T3[2] ^ T4[1] ^ (T6[3] & T4[3]),  T6[0] ^ T4[2] ^ T3[1] ^ (T6[5] & T3[2])
    wire [127:0] k0 = u3[383:256] ^ u3[127:0] ^ u4[383:256] ^ (u6[383:256] & u4[127:0]);
    wire [127:0] k1 = u6[767:640] ^ u4[255:128] ^ u3[255:128] ^ (u6[127:0] & u3[127:0]);

    // ---- the message block and the output word ----
    reg  [CCW-1:0] mask;
    integer b;
    always @* begin : byte_mask
        for (b = 0; b < NB; b = b + 1) mask[8 * b +: 8] = {8{bdi_valid_bytes[b]}};
    end
    wire [127:0] c0 = bdi[255:128], c1 = bdi[127:0];
    wire [127:0] dm0 = (c0 ^ k0) & mask[255:128];
    wire [127:0] dm1 = (c1 ^ k1 ^ dm0) & mask[127:0];
    wire         dec_msg = st_q == S_MSG && dec_q;
    wire [127:0] m0 = dec_msg ? dm0 : bdi[255:128];        // AD, or the plaintext
    wire [127:0] m1 = dec_msg ? dm1 : bdi[127:0];
    wire [CCW-1:0] out = dec_q ? {dm0, dm1} : ({k0 ^ m0, k1 ^ m0 ^ m1} & mask);

    wire [127:0] ad_len  = {67'd0, ad_len_q};
    wire [127:0] msg_len = {67'd0, msg_len_q};
    reg  [127:0] x0, x1, x2;                 // (M0, M1, M2): xored into T3[0], T4[0], T6[0]
    always @* begin : message_words
        case (st_q)
            S_INIT:  begin x0 = Z0; x1 = Z1; x2 = Z0; end
            S_FIN:   if (cnt_q == 5'd0) begin x0 = ad_len; x1 = msg_len; x2 = ad_len ^ msg_len; end
                     else begin x0 = Z1; x1 = Z0; x2 = Z1; end
            default: begin x0 = m0; x1 = m1; x2 = m0 ^ m1; end   // S_AD, S_MSG
        endcase
    end
    wire [383:0] n3 = {u3[383:256] ^ x0, u3[255:0]};
    wire [511:0] n4 = {u4[511:384] ^ x1, u4[383:0]};
    wire [767:0] n6 = {u6[767:640] ^ x2, u6[639:0]};

    wire [127:0] tag = t3_q[383:256] ^ t3_q[255:128] ^ t3_q[127:0] ^
                       t4_q[511:384] ^ t4_q[383:256] ^ t4_q[255:128] ^ t4_q[127:0] ^
                       t6_q[767:640] ^ t6_q[639:512] ^ t6_q[511:384] ^ t6_q[383:256] ^
                       t6_q[255:128] ^ t6_q[127:0];

    // ---- handshakes ----
    wire take     = bdi_valid && bdi_ready;
    wire sized    = bdi_size != 0;
    assign key_ready       = st_q == S_IDLE;
    assign bdi_ready       = st_q == S_IDLE || st_q == S_AD || st_q == S_TAGIN || (st_q == S_MSG && bdo_free);
    assign end_of_block    = bdo_valid_q;   // every word is a whole block (bdo: lwc_bdo_regs.vh)
    assign msg_auth_valid  = st_q == S_AUTH;
    assign msg_auth        = !bad_q;

    wire [127:0] nonce  = bdi[255:128];
    wire         update = st_q == S_INIT || st_q == S_FIN || ((st_q == S_AD || st_q == S_MSG) && take && sized);
    wire [60:0]  size61 = {{(61 - $clog2(CCW/8+1)){1'b0}}, bdi_size};

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q <= S_IDLE; cnt_q <= 5'd0; k_q <= 128'd0; t3_q <= 384'd0; t4_q <= 512'd0; t6_q <= 768'd0;
            ad_len_q <= 61'd0; msg_len_q <= 61'd0; dec_q <= 1'b0; bad_q <= 1'b0;
            bdo_q <= {CCW{1'b0}}; bdo_valid_q <= 1'b0; bdo_type_q <= 4'd0; bdo_vb_q <= {NB{1'b0}};
        end else begin
            if (bdo_valid_q && bdo_ready) bdo_valid_q <= 1'b0;
            if (key_valid && key_ready) k_q <= {k_q[95:0], key};
            if (update) begin t3_q <= n3; t4_q <= n4; t6_q <= n6; end
            case (st_q)
                S_IDLE: if (take) begin   // the NPUB word: load the state
                    t3_q <= {k_q, k_q, nonce};
                    t4_q <= {k_q, k_q, nonce, Z0};
                    t6_q <= {k_q, k_q, nonce, Z1, 256'd0};
                    dec_q <= decrypt_in; bad_q <= 1'b0; ad_len_q <= 61'd0; msg_len_q <= 61'd0;
                    cnt_q <= 5'd0; st_q <= S_INIT;
                end
                S_INIT: begin
                    cnt_q <= cnt_q + 5'd1;
                    if (cnt_q == 5'd14) st_q <= S_AD;
                end
                `include "lwc_length_states.vh"   // S_AD, S_MSG
                S_FIN: begin
                    cnt_q <= cnt_q + 5'd1;
                    if (cnt_q == 5'd20) st_q <= dec_q ? S_TAGIN : S_TAGOUT;
                end
                S_TAGOUT: if (bdo_free) begin
                    bdo_q <= {tag, 128'd0}; bdo_valid_q <= 1'b1; bdo_vb_q <= TAG_LANES; bdo_type_q <= T_TAG;
                    st_q <= S_IDLE;
                end
                S_TAGIN: if (take) begin
                    bad_q <= bdi[255:128] != tag;
                    st_q <= S_AUTH;
                end
                S_AUTH: if (msg_auth_ready) st_q <= S_IDLE;
                default: st_q <= S_IDLE;
            endcase
        end
    end
endmodule

`default_nettype wire
