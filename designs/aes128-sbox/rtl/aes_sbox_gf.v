// aes_sbox_gf: the AES S-box computed in the composite field GF((2^4)^2), no table (Type 3).
// x is mapped into GF(2^4)[y]/(y^2 + y + lambda) (GF(2^4) modulo x^4 + x + 1, lambda = 8), inverted
// there ((h y + l)^-1 = (h y + h + l) / (h^2 lambda + h l + l^2), GF(2^4) inverse as a^14), mapped
// back with the affine matrix folded in, then xor 0x63. Matrix columns from
// `python designs/aes128-sbox/gen_tables.py --gf`.
`default_nettype none

module aes_sbox_gf (
  input  wire [7:0] a_i,
  output wire [7:0] s_o
);

  function [3:0] mul4(input [3:0] a, input [3:0] b);
    integer i;
    reg [3:0] p;
    reg [3:0] x;
    begin
      p = 4'h0;
      x = a;
      for (i = 0; i < 4; i = i + 1) begin
        if (b[i]) p = p ^ x;
        x = {x[2:0], 1'b0} ^ (x[3] ? 4'h3 : 4'h0);
      end
      mul4 = p;
    end
  endfunction

  function [3:0] sq4(input [3:0] a);   // squaring is linear in GF(2^4)
    sq4 = {a[3], a[3] ^ a[1], a[2], a[2] ^ a[0]};
  endfunction

  function [7:0] lin8(input [7:0] x, input [63:0] cols);   // cols: column 7 .. column 0
    integer i;
    begin
      lin8 = 8'h00;
      for (i = 0; i < 8; i = i + 1)
        if (x[i]) lin8 = lin8 ^ cols[8*i +: 8];
    end
  endfunction

  localparam [63:0] TO_COMPOSITE = 64'he5_34_d5_3c_4c_46_20_01;
  localparam [63:0] BACK_AFFINE = 64'h60_65_3e_52_36_ab_b2_1f;
  localparam [3:0] LAMBDA = 4'h8;

  wire [7:0] a = lin8(a_i, TO_COMPOSITE);
  wire [3:0] h = a[7:4];
  wire [3:0] l = a[3:0];
  wire [3:0] d = mul4(sq4(h), LAMBDA) ^ mul4(h, l) ^ sq4(l);
  wire [3:0] d2 = sq4(d);
  wire [3:0] d4 = sq4(d2);
  wire [3:0] d_inv = mul4(mul4(d2, d4), sq4(d4));
  wire [7:0] inv = {mul4(h, d_inv), mul4(h ^ l, d_inv)};

  assign s_o = lin8(inv, BACK_AFFINE) ^ 8'h63;

endmodule

`default_nettype wire
