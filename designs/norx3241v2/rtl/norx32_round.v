`default_nettype none
// norx32_round — one full round F of the NORX32 permutation (NORX v2.0 §2.4), combinational: the
// quarter-round G on the four columns, then on the four diagonals, of the 4x4 matrix of 32-bit words.
// The CipherCore runs one per clock cycle (F^4 in four cycles). Reference:
// src/cryptohls/golden/norx3241v2.py (`round_function`).
//
// State layout: word i (s0 .. s15, row-major) in s[32*i +: 32].

module norx32_round (
    input  wire [511:0] s_i,
    output wire [511:0] s_o
);
    // H(x, y) = (x ^ y) ^ ((x & y) << 1): NORX's replacement for integer addition
    function automatic [31:0] h(input [31:0] x, input [31:0] y);
        h = x ^ y ^ ((x & y) << 1);
    endfunction

    function automatic [31:0] rotr(input [31:0] x, input integer n);
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    // G on (a, b, c, d), rotations 8, 11, 16, 31 (W = 32); the result packed {a, b, c, d}
    function automatic [127:0] g(input [31:0] a0, input [31:0] b0, input [31:0] c0, input [31:0] d0);
        reg [31:0] a, b, c, d;
        begin
            a = h(a0, b0); d = rotr(a ^ d0, 8);
            c = h(c0, d);  b = rotr(b0 ^ c, 11);
            a = h(a, b);   d = rotr(a ^ d, 16);
            c = h(c, d);   b = rotr(b ^ c, 31);
            g = {a, b, c, d};
        end
    endfunction

    wire [31:0] s [0:15];
    genvar i;
    generate
        for (i = 0; i < 16; i = i + 1) begin : words
            assign s[i] = s_i[32 * i +: 32];
        end
    endgenerate

    // column step: G(s_j, s_{j+4}, s_{j+8}, s_{j+12})
    wire [127:0] c0 = g(s[0], s[4], s[8], s[12]);
    wire [127:0] c1 = g(s[1], s[5], s[9], s[13]);
    wire [127:0] c2 = g(s[2], s[6], s[10], s[14]);
    wire [127:0] c3 = g(s[3], s[7], s[11], s[15]);
    // the words after the column step: column j is c_j = {row 0, row 1, row 2, row 3}
    wire [31:0] t [0:15];
    assign {t[0], t[4], t[8], t[12]} = c0;
    assign {t[1], t[5], t[9], t[13]} = c1;
    assign {t[2], t[6], t[10], t[14]} = c2;
    assign {t[3], t[7], t[11], t[15]} = c3;
    // diagonal step: (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)
    wire [127:0] d0 = g(t[0], t[5], t[10], t[15]);
    wire [127:0] d1 = g(t[1], t[6], t[11], t[12]);
    wire [127:0] d2 = g(t[2], t[7], t[8], t[13]);
    wire [127:0] d3 = g(t[3], t[4], t[9], t[14]);
    wire [31:0] o [0:15];
    assign {o[0], o[5], o[10], o[15]} = d0;
    assign {o[1], o[6], o[11], o[12]} = d1;
    assign {o[2], o[7], o[8], o[13]} = d2;
    assign {o[3], o[4], o[9], o[14]} = d3;
    generate
        for (i = 0; i < 16; i = i + 1) begin : out_words
            assign s_o[32 * i +: 32] = o[i];
        end
    endgenerate
endmodule

`default_nettype wire
