// misty1_key_schedule: the MISTY1 key schedule (RFC 2994 section 2.2), combinational.
// EK[0..7] are the key's 16-bit words (big-endian, EK[0] = key bits 127:112) and
// EK'[i] = EK[8+i] = FI(EK[i], EK[(i+1) mod 8]): eight FI functions in parallel.
// ek_o holds EK[0..15], EK[0] in bits 255:240 (EK[j] at bits 255-16j -: 16).
`default_nettype none

module misty1_key_schedule (
  input  wire [127:0] key_i,
  output wire [255:0] ek_o
);

  genvar i;
  generate
    for (i = 0; i < 8; i = i + 1) begin : g_fi
      misty1_fi u_fi (
        .in_i(key_i[127 - 16 * i -: 16]),
        .key_i(key_i[127 - 16 * ((i + 1) % 8) -: 16]),
        .out_o(ek_o[127 - 16 * i -: 16])
      );
    end
  endgenerate

  assign ek_o[255:128] = key_i;

endmodule

`default_nettype wire
