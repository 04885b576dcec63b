// aes_dec_round: one round of the AES inverse cipher (FIPS-197 §5.3),
// InvShiftRows -> InvSubBytes -> AddRoundKey -> InvMixColumns; final_i bypasses
// InvMixColumns (the last round). Byte order as in aes_enc_round.
`default_nettype none

module aes_dec_round (
  input  wire [127:0] state_i,
  input  wire [127:0] round_key_i,
  input  wire         final_i,
  output wire [127:0] state_o
);

  reg  [127:0] shifted;
  wire [127:0] subbed;
  wire [127:0] keyed;
  reg  [127:0] mixed;

  function [7:0] xtime(input [7:0] b);
    xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  // Row r of column c takes the byte of row r, column (c - r) mod 4.
  always @* begin : inv_shift_rows
    integer r;
    integer c;
    shifted = 128'h0;
    for (c = 0; c < 4; c = c + 1) begin
      for (r = 0; r < 4; r = r + 1) begin
        shifted[127 - 8*(4*c + r) -: 8] = state_i[127 - 8*(4*((c + 4 - r) % 4) + r) -: 8];
      end
    end
  end

  aes_inv_sub_bytes u_inv_sub_bytes (.state_i(shifted), .state_o(subbed));

  assign keyed = subbed ^ round_key_i;

  // InvMixColumns as MixColumns after the pre-step u = a ^ 4(a0^a2), v = 4(a1^a3)
  // (0e,0b,0d,09 = 02,03,01,01 applied after the 04-multiples), which shares the xtime logic.
  always @* begin : inv_mix_columns
    integer c;
    reg [7:0] a0, a1, a2, a3, u, v;
    mixed = 128'h0;
    for (c = 0; c < 4; c = c + 1) begin
      a0 = keyed[127 - 32*c -: 8];
      a1 = keyed[119 - 32*c -: 8];
      a2 = keyed[111 - 32*c -: 8];
      a3 = keyed[103 - 32*c -: 8];
      u = xtime(xtime(a0 ^ a2));
      v = xtime(xtime(a1 ^ a3));
      a0 = a0 ^ u;
      a1 = a1 ^ v;
      a2 = a2 ^ u;
      a3 = a3 ^ v;
      mixed[127 - 32*c -: 8] = xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3;
      mixed[119 - 32*c -: 8] = a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3;
      mixed[111 - 32*c -: 8] = a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3;
      mixed[103 - 32*c -: 8] = xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3);
    end
  end

  assign state_o = final_i ? keyed : mixed;

endmodule

`default_nettype wire
