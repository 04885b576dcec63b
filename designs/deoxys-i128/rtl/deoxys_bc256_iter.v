`default_nettype none
// deoxys_bc256_iter — Deoxys-BC-256 as v1.3 defines it (src/cryptohls/golden/deoxysneq128128v13.py),
// one round per cycle, encryption and decryption, the tweakey schedule computed on the fly.
//
// The round is the AES round with the round tweakey STK_i = TW_i ^ TK_i ^ RC_i as round key, so the
// aes-common round modules are instantiated: aes_enc_round (MixColumns in every round, the last too)
// and aes_dec_round (InvShiftRows, InvSubBytes, AddRoundKey, InvMixColumns).
//
// Schedule: TW_(i+1) = h(TW_i), TK_(i+1) = 2 * h(TK_i) (bytewise xtime). Decryption needs it
// backwards, from round 14: TW_14 = h^14(T) is a fixed byte permutation (wiring), and
// TK_14 = x^14 * h^14(K) bytewise is a fixed GF(2)-linear map of the key (an XOR network, no
// iteration); one step back is h^-1 and a bytewise halving (xtime's inverse, a few XORs).
//
// Timing: start_i loads the whitened block (cycle 0), rounds run in cycles 1..14, and from cycle 15
// last_o is high with the result on out_o until take_i; start_i in the take cycle begins the next
// block, so blocks follow each other every 15 cycles. No cycle count depends on data or key.

module deoxys_bc256_iter (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire         start_i,        // load block_i / tweak_i / key_i (when idle or with take_i)
    input  wire         inv_i,          // with start_i: decrypt
    input  wire [127:0] block_i,
    input  wire [127:0] tweak_i,
    input  wire [127:0] key_i,
    input  wire         take_i,         // the result is taken (with last_o)
    output wire         busy_o,         // a block is in the unit (running or its result waiting)
    output wire         last_o,         // out_o holds the result
    output wire [127:0] out_o
);
    localparam [3:0] ROUNDS = 4'd14;

    reg [127:0] state_q, tw_q, tk_q;
    reg [3:0]   step_q;                 // rounds done (0 while loading, ROUNDS + 1 = result)
    reg         inv_q, busy_q;
    // Power-up 0: Yosys's memory_dff leaves state_q before the S-box ROMs (aes-common/docs.md)
    initial state_q = 128'd0;

    // h moves byte i of the tweakey word to position H[i] (byte k = bits [127 - 8k -: 8])
    function [3:0] h_pos(input [3:0] i);
        case (i)
            4'd0: h_pos = 4'd1;   4'd1: h_pos = 4'd6;   4'd2: h_pos = 4'd11;  4'd3: h_pos = 4'd12;
            4'd4: h_pos = 4'd5;   4'd5: h_pos = 4'd10;  4'd6: h_pos = 4'd15;  4'd7: h_pos = 4'd0;
            4'd8: h_pos = 4'd9;   4'd9: h_pos = 4'd14;  4'd10: h_pos = 4'd3;  4'd11: h_pos = 4'd4;
            4'd12: h_pos = 4'd13; 4'd13: h_pos = 4'd2;  4'd14: h_pos = 4'd7;  default: h_pos = 4'd8;
        endcase
    endfunction

    function [127:0] h(input [127:0] x);
        integer i;
        begin
            h = 128'd0;
            for (i = 0; i < 16; i = i + 1) h[127 - 8*h_pos(i[3:0]) -: 8] = x[127 - 8*i -: 8];
        end
    endfunction

    function [127:0] h_inv(input [127:0] x);
        integer i;
        begin
            h_inv = 128'd0;
            for (i = 0; i < 16; i = i + 1) h_inv[127 - 8*i -: 8] = x[127 - 8*h_pos(i[3:0]) -: 8];
        end
    endfunction

    function [127:0] h14(input [127:0] x);   // h applied 14 times: a byte permutation
        integer n;
        begin
            h14 = x;
            for (n = 0; n < 14; n = n + 1) h14 = h(h14);
        end
    endfunction

    function [7:0] xtime(input [7:0] b);
        xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    endfunction

    function [7:0] xhalf(input [7:0] b);      // xtime's inverse: bit 0 of xtime(a) is a[7]
        xhalf = {b[0], b[7:1] ^ (b[0] ? 7'h0d : 7'h00)};
    endfunction

    function [127:0] times2(input [127:0] x);
        integer i;
        for (i = 0; i < 16; i = i + 1) times2[8*i +: 8] = xtime(x[8*i +: 8]);
    endfunction

    function [127:0] half(input [127:0] x);
        integer i;
        for (i = 0; i < 16; i = i + 1) half[8*i +: 8] = xhalf(x[8*i +: 8]);
    endfunction

    function [127:0] times2pow14(input [127:0] x);   // linear in x: synthesis folds it to XORs
        integer n;
        begin
            times2pow14 = x;
            for (n = 0; n < 14; n = n + 1) times2pow14 = times2(times2pow14);
        end
    endfunction

    // RC_i: bytes 0..3 = 01 02 04 08, bytes 4..7 = rcon_i, the rest zero
    function [127:0] rc(input [3:0] i);
        reg [7:0] r;
        begin
            case (i)
                4'd0: r = 8'h2f;  4'd1: r = 8'h5e;  4'd2: r = 8'hbc;  4'd3: r = 8'h63;
                4'd4: r = 8'hc6;  4'd5: r = 8'h97;  4'd6: r = 8'h35;  4'd7: r = 8'h6a;
                4'd8: r = 8'hd4;  4'd9: r = 8'hb3;  4'd10: r = 8'h7d; 4'd11: r = 8'hfa;
                4'd12: r = 8'hef; 4'd13: r = 8'hc5; default: r = 8'h91;
            endcase
            rc = {32'h01020408, {4{r}}, 64'd0};
        end
    endfunction

    // InvMixColumns, once before the first inverse round (aes_dec_round applies it after AddRoundKey)
    function [7:0] gmul(input [7:0] a, input [3:0] c);   // a * c in GF(2^8), c < 16
        reg [7:0] p;
        integer k;
        begin
            gmul = 8'd0;
            p = a;
            for (k = 0; k < 4; k = k + 1) begin
                if (c[k]) gmul = gmul ^ p;
                p = xtime(p);
            end
        end
    endfunction

    function [127:0] inv_mix_columns(input [127:0] x);
        integer c;
        reg [7:0] a0, a1, a2, a3;
        for (c = 0; c < 4; c = c + 1) begin
            a0 = x[127 - 32*c -: 8];
            a1 = x[119 - 32*c -: 8];
            a2 = x[111 - 32*c -: 8];
            a3 = x[103 - 32*c -: 8];
            inv_mix_columns[127 - 32*c -: 8] = gmul(a0, 4'he) ^ gmul(a1, 4'hb) ^ gmul(a2, 4'hd) ^ gmul(a3, 4'h9);
            inv_mix_columns[119 - 32*c -: 8] = gmul(a0, 4'h9) ^ gmul(a1, 4'he) ^ gmul(a2, 4'hb) ^ gmul(a3, 4'hd);
            inv_mix_columns[111 - 32*c -: 8] = gmul(a0, 4'hd) ^ gmul(a1, 4'h9) ^ gmul(a2, 4'he) ^ gmul(a3, 4'hb);
            inv_mix_columns[103 - 32*c -: 8] = gmul(a0, 4'hb) ^ gmul(a1, 4'hd) ^ gmul(a2, 4'h9) ^ gmul(a3, 4'he);
        end
    endfunction

    // ---- the round ------------------------------------------------------------------------------
    wire [3:0]   round   = inv_q ? ROUNDS - step_q : step_q;   // index of the subtweakey used now
    wire [127:0] stk     = tw_q ^ tk_q ^ rc(round);
    wire [127:0] enc_out, dec_out;
    aes_enc_round u_enc (.state_i(state_q), .round_key_i(stk), .final_i(1'b0), .state_o(enc_out));
    aes_dec_round u_dec (.state_i(state_q), .round_key_i(stk), .final_i(step_q == ROUNDS),
                         .state_o(dec_out));

    // ---- loading: STK_0 (encryption) or STK_14 (decryption) and the next schedule word ----------
    wire [127:0] tw14    = h14(tweak_i);
    wire [127:0] tk14    = times2pow14(h14(key_i));
    wire [127:0] stk_in  = inv_i ? tw14 ^ tk14 ^ rc(ROUNDS) : tweak_i ^ key_i ^ rc(4'd0);
    wire [127:0] keyed   = block_i ^ stk_in;

    wire running = busy_q && step_q != ROUNDS + 4'd1;
    assign busy_o = busy_q;
    assign last_o = busy_q && step_q == ROUNDS + 4'd1;
    assign out_o  = state_q;

    always @(posedge clk_i) begin : regs
        if (rst_i) begin
            state_q <= 128'd0;
            tw_q    <= 128'd0;
            tk_q    <= 128'd0;
            step_q  <= 4'd0;
            inv_q   <= 1'b0;
            busy_q  <= 1'b0;
        end else if (start_i) begin
            state_q <= inv_i ? inv_mix_columns(keyed) : keyed;
            tw_q    <= inv_i ? h_inv(tw14) : h(tweak_i);
            tk_q    <= inv_i ? h_inv(half(tk14)) : times2(h(key_i));
            step_q  <= 4'd1;
            inv_q   <= inv_i;
            busy_q  <= 1'b1;
        end else if (running) begin
            state_q <= inv_q ? dec_out : enc_out;
            tw_q    <= inv_q ? h_inv(tw_q) : h(tw_q);
            tk_q    <= inv_q ? h_inv(half(tk_q)) : times2(h(tk_q));
            step_q  <= step_q + 4'd1;
        end else if (take_i) begin
            busy_q  <= 1'b0;
        end
    end
endmodule

`default_nettype wire
