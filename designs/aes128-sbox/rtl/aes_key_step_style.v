// aes_key_step_style: one AES-128 key-expansion step (as designs/aes-common/rtl/aes_key_step.v) with
// its 4 S-boxes in style STYLE (aes_sbox_style).
`default_nettype none

module aes_key_step_style #(
  parameter integer STYLE = 2
) (
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

  genvar i;
  generate
    for (i = 0; i < 4; i = i + 1) begin : sub_word
      aes_sbox_style #(.STYLE(STYLE)) u_sbox (.a_i(key_i[8*i +: 8]), .s_o(sub_w3[8*i +: 8]));
    end
  endgenerate

  // SubWord(RotWord(w3)) = RotWord(SubWord(w3)): rotate after the S-boxes.
  assign temp = {sub_w3[23:0], sub_w3[31:24]} ^ {rcon_i, 24'h000000};
  assign w0 = key_i[127:96] ^ temp;
  assign w1 = key_i[95:64] ^ w0;
  assign w2 = key_i[63:32] ^ w1;
  assign w3 = key_i[31:0] ^ w2;
  assign key_o = {w0, w1, w2, w3};

endmodule

`default_nettype wire
