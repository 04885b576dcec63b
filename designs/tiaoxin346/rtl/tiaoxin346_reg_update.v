`default_nettype none
// tiaoxin346_reg_update — one register's part of Tiaoxin-346's Update (used by tiaoxin346_core).
// Update(T_s, M = 0) of one register of S words: T[0] <- A(T[S-1], T[0]), T[1] <- A(T[0], Z0),
// T[i] <- T[i-1] for i >= 2 (A(X, K): one AES round of X keyed by K, aes-common's aes_enc_round).
module tiaoxin346_reg_update #(
    parameter integer S = 3
) (
    input  wire [128*S-1:0] t_i,             // word 0 in the top bits
    output wire [128*S-1:0] t_o
);
    localparam [127:0] Z0 = 128'h428a2f98d728ae227137449123ef65cd;
    localparam integer TOP = 128 * S - 1;
    aes_enc_round u_w0 (.state_i(t_i[127:0]), .round_key_i(t_i[TOP -: 128]), .final_i(1'b0),
                        .state_o(t_o[TOP -: 128]));
    aes_enc_round u_w1 (.state_i(t_i[TOP -: 128]), .round_key_i(Z0), .final_i(1'b0),
                        .state_o(t_o[TOP - 128 -: 128]));
    assign t_o[TOP - 256:0] = t_i[TOP - 128:128];
endmodule

`default_nettype wire
