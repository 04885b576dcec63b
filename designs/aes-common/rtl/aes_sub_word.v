// aes_sub_word: SubWord of the key schedule (4 S-boxes on one 32-bit word).
`default_nettype none

module aes_sub_word (
  input  wire [31:0] word_i,
  output wire [31:0] word_o
);

  genvar i;
  generate
    for (i = 0; i < 4; i = i + 1) begin : g_byte
      aes_sbox u_sbox (.a_i(word_i[8*i +: 8]), .s_o(word_o[8*i +: 8]));
    end
  endgenerate

endmodule

`default_nettype wire
