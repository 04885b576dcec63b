// aes_enc_round_style: one AES encryption round (as designs/aes-common/rtl/aes_enc_round.v) with its
// 16 S-boxes in style STYLE (aes_sbox_style: 2 table, 3 composite field); final_i bypasses MixColumns.
`default_nettype none

module aes_enc_round_style #(
  parameter integer STYLE = 2
) (
  input  wire [127:0] state_i,
  input  wire [127:0] round_key_i,
  input  wire         final_i,
  output wire [127:0] state_o
);

  wire [127:0] subbed;

  genvar k;
  generate
    for (k = 0; k < 16; k = k + 1) begin : sub_bytes
      aes_sbox_style #(.STYLE(STYLE)) u_sbox (.a_i(state_i[8*k +: 8]), .s_o(subbed[8*k +: 8]));
    end
  endgenerate

  // ShiftRows, MixColumns (bypassed by final_i), AddRoundKey: shared with the Type 1 core.
  aes_shift_mix u_shift_mix (
    .subbed_i(subbed), .round_key_i(round_key_i), .final_i(final_i), .state_o(state_o)
  );

endmodule

`default_nettype wire
