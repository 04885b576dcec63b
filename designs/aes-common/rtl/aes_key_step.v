// aes_key_step: one step of the AES-128 key expansion, round key r-1 -> round key r
// (FIPS-197 §5.2). Words w0..w3 are bits [127:96] .. [31:0]; rcon_i is Rcon[r].
`default_nettype none

module aes_key_step (
  input  wire [127:0] key_i,
  input  wire [7:0]   rcon_i,
  output wire [127:0] key_o
);

  wire [31:0] sub_w3;
  wire [31:0] temp;
  wire [31:0] w0;
  wire [31:0] w1;
  wire [31:0] w2;
  wire [31:0] w3;

  aes_sub_word u_sub_word (.word_i(key_i[31:0]), .word_o(sub_w3));

  // SubWord(RotWord(w3)) = RotWord(SubWord(w3)): rotate after the S-boxes.
  assign temp = {sub_w3[23:0], sub_w3[31:24]} ^ {rcon_i, 24'h000000};
  assign w0 = key_i[127:96] ^ temp;
  assign w1 = key_i[95:64] ^ w0;
  assign w2 = key_i[63:32] ^ w1;
  assign w3 = key_i[31:0] ^ w2;
  assign key_o = {w0, w1, w2, w3};

endmodule

`default_nettype wire
