`default_nettype none
// jambu_aes128_core — JAMBU-AES (AES-JAMBU, JAMBU v2; SUPERCOP aesjambuv2) CipherCore with the LWC
// frame's CipherCore port list (designs/lwc-frame/docs.md, CCW = CCSW = 32).
// Reference: src/cryptohls/golden/aesjambuv2.py and jambu.py (all 1089 published KATs).
//
// The JAMBU mode (phases, R, bus buffers) is designs/jambu-common's jambu_mode (BLOCK_BYTES = 8,
// KEY_BYTES = 16); this core adds the block cipher: designs/aes-modes-common's aes128_iter_unit
// (INVERSE = 0), one AES-128 round per clock cycle, round keys on the fly. JAMBU's step is done in the
// cycle of round 10, on that round's output, and the next call starts in the same cycle (start_i with
// the new U, V), so an 8-byte block costs 10 cycles.
//
// Byte order (golden model): V is AES state bytes 0..7 and U bytes 8..15, and the mode is bytewise,
// so no swap (LE_WORDS = 0): with FIPS-197's byte k in bits [127-8k -: 8], V = S[127:64], U = S[63:0].

module jambu_aes128_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    wire [127:0] key_q;
    wire         aes_start;
    wire         aes_take;
    wire [63:0]  v_in, u_in;
    wire         aes_last;
    wire [127:0] aes_out;
    /* verilator lint_off UNUSEDSIGNAL */
    wire         aes_busy;
    wire [127:0] aes_rk;               // K10: for an inverse cipher, which JAMBU does not use
    /* verilator lint_on UNUSEDSIGNAL */

    jambu_mode #(.BLOCK_BYTES(8), .KEY_BYTES(16), .LE_WORDS(0)) u_mode (
        .clk_i(clk_i), .rst_i(rst_i), .key(key), .key_valid(key_valid), .key_ready(key_ready),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_size(bdi_size), .bdi_eot(bdi_eot),
        .decrypt_in(decrypt_in), .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block), .msg_auth_valid(msg_auth_valid),
        .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth),
        .key_o(key_q), .start_o(aes_start), .v_o(v_in), .u_o(u_in), .take_o(aes_take),
        .last_i(aes_last), .y_i(aes_out[127:64]), .x_i(aes_out[63:0]));

    // a call starts with the nonce or in round 10 of the previous call; its result is held until taken
    aes128_iter_unit #(.INVERSE(0)) u_aes (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(aes_start), .inv_i(1'b0), .block_i({v_in, u_in}),
        .key_i(key_q), .take_i(aes_take), .busy_o(aes_busy), .last_o(aes_last), .out_o(aes_out),
        .rk_o(aes_rk));
endmodule

`default_nettype wire
