// aes_key_step_inv: one step of the AES-128 key expansion run backwards, round key r -> round key
// r-1 (FIPS-197 §5.2 solved for the previous words); rcon_i is Rcon[r]. The inverse cipher walks
// the schedule down from round key 10 with it, one step per round, so no schedule is stored.
`default_nettype none

module aes_key_step_inv (
  input  wire [127:0] key_i,
  input  wire [7:0]   rcon_i,
  output wire [127:0] key_o
);

  wire [31:0] w3_prev;
  wire [31:0] sub_w3;
  wire [31:0] temp;

  // w3' = w3 ^ w2, w2' = w2 ^ w1, w1' = w1 ^ w0, w0' = w0 ^ SubWord(RotWord(w3')) ^ Rcon[r].
  assign w3_prev = key_i[31:0] ^ key_i[63:32];
  aes_sub_word u_sub_word (.word_i(w3_prev), .word_o(sub_w3));
  assign temp = {sub_w3[23:0], sub_w3[31:24]} ^ {rcon_i, 24'h000000};
  assign key_o = {key_i[127:96] ^ temp, key_i[95:64] ^ key_i[127:96], key_i[63:32] ^ key_i[95:64], w3_prev};

endmodule

`default_nettype wire
