// misty1_fl_inv: FLINV, the inverse of misty1_fl (RFC 2994 section 2.3), used by decryption.
// The two steps of FL in reverse order: d0 ^= d1 | KL2; then d1 ^= d0 & KL1.
`default_nettype none

module misty1_fl_inv (
  input  wire [31:0] in_i,
  input  wire [15:0] and_key_i,   // KL1
  input  wire [15:0] or_key_i,    // KL2
  output wire [31:0] out_o
);

  wire [15:0] d0;

  assign d0 = in_i[31:16] ^ (in_i[15:0] | or_key_i);
  assign out_o = {d0, in_i[15:0] ^ (d0 & and_key_i)};

endmodule

`default_nettype wire
