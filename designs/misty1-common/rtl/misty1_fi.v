// misty1_fi: the 16-bit FI function of MISTY1 (RFC 2994 section 2.3), combinational.
// Three rounds on a 9-bit and a 7-bit half: S9, S7, S9 with the key's 7 high and 9 low bits
// mixed in after the second round. Two S9 and one S7 in series.
`default_nettype none

module misty1_fi (
  input  wire [15:0] in_i,
  input  wire [15:0] key_i,
  output wire [15:0] out_o
);

  wire [8:0] s9_a;     // S9(in[15:7])
  wire [6:0] s7_a;     // S7(in[6:0])
  wire [8:0] s9_b;     // S9(second-round d9 ^ key low 9 bits)
  wire [8:0] d9_1;
  wire [6:0] d7_1;
  wire [8:0] d9_2;
  wire [6:0] d7_2;

  misty1_s9 u_s9_a (.a_i(in_i[15:7]), .s_o(s9_a));
  assign d9_1 = s9_a ^ {2'b00, in_i[6:0]};
  misty1_s7 u_s7 (.a_i(in_i[6:0]), .s_o(s7_a));
  assign d7_1 = s7_a ^ d9_1[6:0];
  assign d7_2 = d7_1 ^ key_i[15:9];
  assign d9_2 = d9_1 ^ key_i[8:0];
  misty1_s9 u_s9_b (.a_i(d9_2), .s_o(s9_b));
  assign out_o = {d7_2, s9_b ^ {2'b00, d7_2}};

endmodule

`default_nettype wire
