// aes_sbox_style: one S-box look-up in the style STYLE of seed 003 (docs.md): 2 = its own case-statement
// table (designs/aes-common), 3 = computed in GF((2^4)^2), 4 = byte 1 of the T-box T0 (S(x) itself).
`default_nettype none

module aes_sbox_style #(
  parameter integer STYLE = 2
) (
  input  wire [7:0] a_i,
  output wire [7:0] s_o
);

  generate
    if (STYLE == 3) begin : gf
      aes_sbox_gf u_sbox (.a_i(a_i), .s_o(s_o));
    end else if (STYLE == 4) begin : tbox
      /* verilator lint_off UNUSEDSIGNAL */
      wire [31:0] t;   // only S(x) is used: synthesis keeps the logic of those 8 bits
      /* verilator lint_on UNUSEDSIGNAL */
      aes_tbox u_tbox (.a_i(a_i), .t_o(t));
      assign s_o = t[23:16];
    end else begin : lut_table
      aes_sbox u_sbox (.a_i(a_i), .s_o(s_o));
    end
  endgenerate

endmodule

`default_nettype wire
