// aes_shift_mix: the rest of an AES encryption round once SubBytes is done (Type 1 core, whose
// S-box look-ups happen in the cycles before): ShiftRows, MixColumns (bypassed by final_i), AddRoundKey.
`default_nettype none

module aes_shift_mix (
  input  wire [127:0] subbed_i,
  input  wire [127:0] round_key_i,
  input  wire         final_i,
  output wire [127:0] state_o
);

  reg [127:0] shifted;
  reg [127:0] mixed;

  function [7:0] xtime(input [7:0] b);
    xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  // Row r of column c takes the byte of row r, column (c + r) mod 4.
  always @* begin : shift_rows
    integer r;
    integer c;
    shifted = 128'h0;
    for (c = 0; c < 4; c = c + 1) begin
      for (r = 0; r < 4; r = r + 1) begin
        shifted[127 - 8*(4*c + r) -: 8] = subbed_i[127 - 8*(4*((c + r) % 4) + r) -: 8];
      end
    end
  end

  always @* begin : mix_columns
    integer c;
    reg [7:0] a0, a1, a2, a3;
    mixed = 128'h0;
    for (c = 0; c < 4; c = c + 1) begin
      a0 = shifted[127 - 32*c -: 8];
      a1 = shifted[119 - 32*c -: 8];
      a2 = shifted[111 - 32*c -: 8];
      a3 = shifted[103 - 32*c -: 8];
      mixed[127 - 32*c -: 8] = xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3;
      mixed[119 - 32*c -: 8] = a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3;
      mixed[111 - 32*c -: 8] = a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3;
      mixed[103 - 32*c -: 8] = xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3);
    end
  end

  assign state_o = (final_i ? shifted : mixed) ^ round_key_i;

endmodule

`default_nettype wire
