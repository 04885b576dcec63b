`default_nettype none
// jambu_simon96_core — JAMBU-SIMON (SIMON-JAMBU96/96, JAMBU v2; SUPERCOP simonjambu96v2) CipherCore
// with the LWC frame's CipherCore port list (designs/lwc-frame/docs.md, CCW = CCSW = 32).
// Reference: src/cryptohls/golden/simonjambu96v2.py and simon96.py (all 1089 published KATs).
//
// The JAMBU mode (phases, R, bus buffers) is designs/jambu-common's jambu_mode (BLOCK_BYTES = 6,
// KEY_BYTES = 12: 6-byte blocks on a 4-byte bus, packed into 10-byte buffers); this core adds the block
// cipher: one SIMON-96/96 round per clock cycle with the round key computed on the fly (two 48-bit key
// registers k_i, k_(i+1) stepped once per round, reloaded from the stored key when a call starts), so
// an encryption E_K takes 52 cycles. JAMBU's step is done in the cycle of round 51, on that round's
// output, and the next call starts in the same cycle, so a 6-byte block costs 52 cycles.
//
// Byte order (golden model): blocks, nonce, key halves and the tag are little-endian 48-bit words,
// so the bus bytes of a block are the byte swap of the word the cipher sees (LE_WORDS = 1).

module jambu_simon96_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    localparam [5:0]  LAST_ROUND = 6'd51;
    localparam [47:0] C = 48'hFFFF_FFFF_FFFC;   // 2^48 - 4 (SIMON key schedule)
    // z2, bit i of the sequence at [61 - i] (the paper's order, first bit on the left)
    localparam [61:0] Z2 = 62'b10101111011100000011010010011000101000010001111110010110110011;

    reg [5:0]  rnd_q;                 // round computed in this cycle; held at LAST_ROUND until a start
    reg [47:0] x_q, y_q;              // SIMON state: U, V when a call starts
    reg [47:0] ka_q, kb_q;            // round keys k_i, k_(i+1)

    wire [95:0] key_q;                // the key, bus order (byte 0 in [95:88])
    wire        start;
    wire [47:0] v_in, u_in;
    wire [47:0] x_rnd;
    wire        last = (rnd_q == LAST_ROUND);
    /* verilator lint_off UNUSEDSIGNAL */
    wire        taken;                // round 51's result is simply held until the next start
    /* verilator lint_on UNUSEDSIGNAL */

    jambu_mode #(.BLOCK_BYTES(6), .KEY_BYTES(12), .LE_WORDS(1)) u_mode (
        .clk_i(clk_i), .rst_i(rst_i), .key(key), .key_valid(key_valid), .key_ready(key_ready),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_size(bdi_size), .bdi_eot(bdi_eot),
        .decrypt_in(decrypt_in), .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block), .msg_auth_valid(msg_auth_valid),
        .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth),
        .key_o(key_q), .start_o(start), .v_o(v_in), .u_o(u_in), .take_o(taken),
        .last_i(last), .y_i(x_q), .x_i(x_rnd));   // round 51: X = its output, Y = its input x_q

    function automatic [47:0] swap6(input [47:0] v);
        swap6 = {v[7:0], v[15:8], v[23:16], v[31:24], v[39:32], v[47:40]};
    endfunction
    function automatic [47:0] rol(input [47:0] v, input integer n);
        rol = (v << n) | (v >> (48 - n));
    endfunction
    function automatic [47:0] ror(input [47:0] v, input integer n);
        ror = (v >> n) | (v << (48 - n));
    endfunction

    // ---- one SIMON round and the key schedule step ----
    assign x_rnd = y_q ^ ((rol(x_q, 1) & rol(x_q, 8)) ^ rol(x_q, 2)) ^ ka_q;
    wire [47:0] kb_ror = ror(kb_q, 3);
    wire [47:0] k_next = C ^ {47'd0, Z2[6'd61 - rnd_q]} ^ ka_q ^ kb_ror ^ ror(kb_ror, 1);

    // a call loads U, V and the first two round keys (key bytes 0 .. 5 and 6 .. 11); the rounds run
    // until round 51, whose result stays until the mode takes it (a start, or the tag's step)
    always @(posedge clk_i) begin : rounds
        if (rst_i) begin
            rnd_q <= 6'd0;
            x_q   <= 48'd0;
            y_q   <= 48'd0;
            ka_q  <= 48'd0;
            kb_q  <= 48'd0;
        end else if (start) begin
            rnd_q <= 6'd0;
            x_q   <= u_in;
            y_q   <= v_in;
            ka_q  <= swap6(key_q[95:48]);
            kb_q  <= swap6(key_q[47:0]);
        end else if (!last) begin
            rnd_q <= rnd_q + 6'd1;
            x_q   <= x_rnd;
            y_q   <= x_q;
            ka_q  <= kb_q;
            kb_q  <= k_next;
        end
    end
endmodule

`default_nettype wire
