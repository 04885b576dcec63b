// aes_enc_round: one AES encryption round, SubBytes -> ShiftRows -> MixColumns -> AddRoundKey;
// final_i bypasses MixColumns (round 10). Byte k of the state (FIPS-197 order, row k%4,
// column k/4) is bits [127-8k -: 8].
`default_nettype none

module aes_enc_round (
  input  wire [127:0] state_i,
  input  wire [127:0] round_key_i,
  input  wire         final_i,
  output wire [127:0] state_o
);

  wire [127:0] subbed;

  aes_sub_bytes  u_sub_bytes  (.state_i(state_i), .state_o(subbed));
  aes_shift_mix  u_shift_mix  (.subbed_i(subbed), .round_key_i(round_key_i), .final_i(final_i),
                               .state_o(state_o));

endmodule

`default_nettype wire
