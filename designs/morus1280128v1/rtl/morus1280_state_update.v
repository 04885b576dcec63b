`default_nettype none
// morus1280_state_update — MORUS-1280's StateUpdate(S, m): five rounds over the 1280-bit state, one
// combinational block (the CipherCore runs one per clock cycle). Reference:
// src/cryptohls/golden/morus1280128v1.py (`state_update`).
//
// State layout: S_i in s[256*i +: 256]; in an element, bit 64*w + j is bit j of the spec's 64-bit word
// w, so byte b of a block is element bits [8b +: 8] (little-endian). Round i (0-based) is
//     S_i     = Rotl_256_64(S_i ^ (S_{i+1} & S_{i+2}) ^ S_{i+3} [^ m for i > 0], b_i)
//     S_{i+3} = S_{i+3} <<< w_i                  (indices mod 5)
// with b = 13, 46, 38, 7, 4 and w = 64, 128, 192, 128, 64: only wiring, AND and XOR.

module morus1280_state_update (
    input  wire [1279:0] s_i,
    input  wire [255:0]  m_i,
    output wire [1279:0] s_o
);
    // Rotl_256_64: each 64-bit word rotated left by B
    function automatic [255:0] rotl_words(input [255:0] x, input integer b);
        integer w;
        begin
            for (w = 0; w < 4; w = w + 1)
                rotl_words[64 * w +: 64] = (x[64 * w +: 64] << b) | (x[64 * w +: 64] >> (64 - b));
        end
    endfunction

    // x <<< n (n a multiple of 64): the whole element rotated left
    function automatic [255:0] rotl_elem(input [255:0] x, input integer n);
        rotl_elem = (x << n) | (x >> (256 - n));
    endfunction

    wire [255:0] a0 = s_i[0 +: 256], a1 = s_i[256 +: 256], a2 = s_i[512 +: 256], a3 = s_i[768 +: 256],
                 a4 = s_i[1024 +: 256];
    // round 0: S0 from S1, S2, S3 (no message); S3 rotated
    wire [255:0] b0 = rotl_words(a0 ^ (a1 & a2) ^ a3, 13);
    wire [255:0] b3 = rotl_elem(a3, 64);
    // round 1: S1 from S2, S3, S4; S4 rotated
    wire [255:0] c1 = rotl_words(a1 ^ (a2 & b3) ^ a4 ^ m_i, 46);
    wire [255:0] c4 = rotl_elem(a4, 128);
    // round 2: S2 from S3, S4, S0; S0 rotated
    wire [255:0] d2 = rotl_words(a2 ^ (b3 & c4) ^ b0 ^ m_i, 38);
    wire [255:0] d0 = rotl_elem(b0, 192);
    // round 3: S3 from S4, S0, S1; S1 rotated
    wire [255:0] e3 = rotl_words(b3 ^ (c4 & d0) ^ c1 ^ m_i, 7);
    wire [255:0] e1 = rotl_elem(c1, 128);
    // round 4: S4 from S0, S1, S2; S2 rotated
    wire [255:0] f4 = rotl_words(c4 ^ (d0 & e1) ^ d2 ^ m_i, 4);
    wire [255:0] f2 = rotl_elem(d2, 64);

    assign s_o = {f4, e3, f2, e1, d0};
endmodule

`default_nettype wire
