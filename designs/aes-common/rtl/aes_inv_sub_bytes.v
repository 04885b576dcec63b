// aes_inv_sub_bytes: InvSubBytes on the 128-bit state (16 inverse S-boxes).
`default_nettype none

module aes_inv_sub_bytes (
  input  wire [127:0] state_i,
  output wire [127:0] state_o
);

  genvar i;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_byte
      aes_inv_sbox u_sbox (.a_i(state_i[8*i +: 8]), .s_o(state_o[8*i +: 8]));
    end
  endgenerate

endmodule

`default_nettype wire
