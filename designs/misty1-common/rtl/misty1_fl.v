// misty1_fl: the key-dependent linear FL function of MISTY1 (RFC 2994 section 2.3).
// On the 16-bit halves d0 (bits 31:16) and d1: d1 ^= d0 & KL1; then d0 ^= d1 | KL2.
`default_nettype none

module misty1_fl (
  input  wire [31:0] in_i,
  input  wire [15:0] and_key_i,   // KL1
  input  wire [15:0] or_key_i,    // KL2
  output wire [31:0] out_o
);

  wire [15:0] d1;

  assign d1 = in_i[15:0] ^ (in_i[31:16] & and_key_i);
  assign out_o = {in_i[31:16] ^ (d1 | or_key_i), d1};

endmodule

`default_nettype wire
