// aes_enc_round_tbox: one AES encryption round from T-boxes (Type 4): output column c is
// T0[x0] ^ T1[x1] ^ T2[x2] ^ T3[x3] ^ key, x_r the byte of row r, column (c + r) mod 4 (ShiftRows), and
// Tr = T0 rotated right by r bytes. final_i (no MixColumns): row r takes S(x_r) = byte 1 of T0[x_r].
`default_nettype none

module aes_enc_round_tbox (
  input  wire [127:0] state_i,
  input  wire [127:0] round_key_i,
  input  wire         final_i,
  output wire [127:0] state_o
);

  wire [511:0] t;   // T0 of the 16 shifted bytes: column c, row r at [32*(4c+r) +: 32]
  reg  [127:0] out;

  genvar k;
  generate
    for (k = 0; k < 16; k = k + 1) begin : tboxes
      // k = 4c + r reads the byte of row r, column (c + r) mod 4
      aes_tbox u_tbox (.a_i(state_i[127 - 8*(4*(((k / 4) + (k % 4)) % 4) + (k % 4)) -: 8]),
                       .t_o(t[32*k +: 32]));
    end
  endgenerate

  function [31:0] rotr(input [31:0] w, input integer bytes);
    rotr = (w >> (8 * bytes)) | (w << (32 - 8 * bytes));
  endfunction

  always @* begin : columns
    integer c;
    integer r;
    out = 128'h0;
    for (c = 0; c < 4; c = c + 1) begin
      for (r = 0; r < 4; r = r + 1) begin
        if (final_i)
          out[127 - 32*c - 8*r -: 8] = t[32*(4*c + r) + 16 +: 8];
        else
          out[127 - 32*c -: 32] = out[127 - 32*c -: 32] ^ rotr(t[32*(4*c + r) +: 32], r);
      end
    end
  end

  assign state_o = out ^ round_key_i;

endmodule

`default_nettype wire
