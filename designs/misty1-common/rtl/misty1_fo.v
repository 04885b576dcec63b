// misty1_fo: the 32-bit FO function of MISTY1 (RFC 2994 section 2.3), combinational.
// A three-round Feistel network on the 16-bit halves with FI inside; the sub-keys KOi, KIi of
// FO number k are chosen by the caller (misty1_enc_pair / misty1_dec_pair).
`default_nettype none

module misty1_fo (
  input  wire [31:0] in_i,
  input  wire [15:0] ko1_i,
  input  wire [15:0] ko2_i,
  input  wire [15:0] ko3_i,
  input  wire [15:0] ko4_i,
  input  wire [15:0] ki1_i,
  input  wire [15:0] ki2_i,
  input  wire [15:0] ki3_i,
  output wire [31:0] out_o
);

  wire [15:0] fi1;
  wire [15:0] fi2;
  wire [15:0] fi3;
  wire [15:0] t0_1;
  wire [15:0] t1_1;
  wire [15:0] t0_2;

  misty1_fi u_fi1 (.in_i(in_i[31:16] ^ ko1_i), .key_i(ki1_i), .out_o(fi1));
  assign t0_1 = fi1 ^ in_i[15:0];
  misty1_fi u_fi2 (.in_i(in_i[15:0] ^ ko2_i), .key_i(ki2_i), .out_o(fi2));
  assign t1_1 = fi2 ^ t0_1;
  misty1_fi u_fi3 (.in_i(t0_1 ^ ko3_i), .key_i(ki3_i), .out_o(fi3));
  assign t0_2 = fi3 ^ t1_1;
  assign out_o = {t1_1 ^ ko4_i, t0_2};

endmodule

`default_nettype wire
