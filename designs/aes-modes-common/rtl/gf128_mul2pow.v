// gf128_mul2pow: x * 2^k in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, for k = 0..15, in the
// bit order of the block-cipher modes (RFC 7253 / AES-OTR "double": bit 127 is the top
// coefficient, doubling is a left shift with 0x87 folded into the low byte).
// k doublings at once: the k bits shifted out, h, come back as h * 0x87 = h ^ h<<1 ^ h<<2 ^ h<<7,
// which (k + 7 < 128 bits) needs no second reduction. OCB uses it for L_$, L_0 and L_i = 2^i L_0
// straight from L_*, so no table of L_i is kept.
`default_nettype none

module gf128_mul2pow (
  input  wire [127:0] x_i,
  input  wire [3:0]   k_i,
  output wire [127:0] y_o
);

  wire [15:0]  hi = x_i[127:112] >> (5'd16 - {1'b0, k_i});   // the k top bits (0 when k = 0)
  wire [127:0] h  = {112'd0, hi};

  assign y_o = (x_i << k_i) ^ h ^ (h << 1) ^ (h << 2) ^ (h << 7);

endmodule

`default_nettype wire
