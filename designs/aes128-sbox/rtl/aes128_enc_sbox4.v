// aes128_enc_sbox4: AES-128 encryption core, S-box Type 4 of seed 003: T-box rounds (S-box and MixColumns in one 8 -> 32 table).
// aes128_enc_style with STYLE = 4 (ports and timing: designs/aes128-ecb-enc/docs.md).
`default_nettype none

module aes128_enc_sbox4 (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire [127:0] key_i,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [127:0] out_data_o
);

  aes128_enc_style #(.STYLE(4)) u_core (
    .clk_i(clk_i), .rst_i(rst_i), .key_i(key_i), .in_valid_i(in_valid_i), .in_ready_o(in_ready_o),
    .in_data_i(in_data_i), .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_data_o(out_data_o)
  );

endmodule

`default_nettype wire
