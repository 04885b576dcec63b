`default_nettype none
// keccak_p400_round — one round of Keccak-p[400] (FIPS 202 §3.3 with 16-bit lanes): theta, rho, pi,
// chi, iota, combinational. Reference: src/cryptohls/golden/ketjesrv1.py (`keccak_round`).
//
// State: s_i[399:0], lane (x, y) = s_i[16 * (x + 5y) +: 16]; bit i of the state is bit i % 16 of lane
// i / 16 (little-endian bytes: byte b = s_i[8b +: 8]). rc_i is the round constant's low 16 bits.

module keccak_p400_round (
    input  wire [399:0] s_i,
    input  wire [15:0]  rc_i,
    output wire [399:0] s_o
);
    // rho offsets r[x, y] (FIPS 202 Table 2) mod 16, index x + 5y
    function integer rho(input integer i);
        case (i)
            0: rho = 0;   1: rho = 1;   2: rho = 14;  3: rho = 12;  4: rho = 11;
            5: rho = 4;   6: rho = 12;  7: rho = 6;   8: rho = 7;   9: rho = 4;
            10: rho = 3;  11: rho = 10; 12: rho = 11; 13: rho = 9;  14: rho = 7;
            15: rho = 9;  16: rho = 13; 17: rho = 15; 18: rho = 5;  19: rho = 8;
            20: rho = 2;  21: rho = 2;  22: rho = 13; 23: rho = 8;  default: rho = 14;
        endcase
    endfunction

    wire [15:0] a [0:24];
    wire [15:0] b [0:24];
    wire [15:0] c [0:4];
    wire [15:0] d [0:4];
    genvar x, y;
    generate
        for (x = 0; x < 5; x = x + 1) begin : g_theta
            for (y = 0; y < 5; y = y + 1) begin : g_lane
                assign a[x + 5 * y] = s_i[16 * (x + 5 * y) +: 16];
            end
            assign c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        end
        for (x = 0; x < 5; x = x + 1) begin : g_d
            assign d[x] = c[(x + 4) % 5] ^ {c[(x + 1) % 5][14:0], c[(x + 1) % 5][15]};
        end
        // rho and pi: B[y, 2x + 3y] = (A[x, y] ^ D[x]) <<< r[x, y]
        for (x = 0; x < 5; x = x + 1) begin : g_rho_pi
            for (y = 0; y < 5; y = y + 1) begin : g_lane
                localparam integer R = rho(x + 5 * y);
                wire [15:0] v = a[x + 5 * y] ^ d[x];
                assign b[y + 5 * ((2 * x + 3 * y) % 5)] = (v << R) | (v >> (16 - R));
            end
        end
        // chi row by row, iota on lane 0
        for (x = 0; x < 5; x = x + 1) begin : g_chi
            for (y = 0; y < 5; y = y + 1) begin : g_lane
                wire [15:0] chi = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
                assign s_o[16 * (x + 5 * y) +: 16] = (x + 5 * y == 0) ? chi ^ rc_i : chi;
            end
        end
    endgenerate
endmodule

`default_nettype wire
