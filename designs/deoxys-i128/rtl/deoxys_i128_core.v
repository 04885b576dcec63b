`default_nettype none
// deoxys_i128_core — Deoxys-I-128-128 v1.3 (Deoxys!=, SUPERCOP deoxysneq128128v13; key / nonce / tag
// 16 / 8 / 16 bytes) CipherCore for the LWC frame (designs/lwc-frame/docs.md: the GMU CryptoCore port
// list, CCW = CCSW = 32). Reference: src/cryptohls/golden/deoxysneq128128v13.py.
//
// Per message the frame sends NPUB (2 words), AD (words, or one size-0 word if empty), PT or CT
// (likewise), and for DEC the TAG (4 words); the core answers with CT/PT words on bdo, then for ENC
// the tag (4 words, bdo_type TAG), for DEC msg_auth (1 = tag verified).
//
// One Deoxys-BC-256 unit (deoxys_bc256_iter: one round per cycle, forward and inverse, tweakey
// schedule on the fly) runs the jobs of a message in order, 15 cycles each, with the tweak
// stage || nonce (0 for AD) || block number:
//   Auth ^= E(A_i) per AD block (a partial last one padded 10*); C_j = E(P_j) (ENC) or P_j = D(C_j)
//   (DEC) per full message block, Checksum ^= P_j; for a partial last block the keystream E(0);
//   the tag E(Checksum) ^ Auth.
// A one-block input buffer takes the next block's words while the unit works on the current one,
// and a one-block output buffer sends the previous result on bdo, so full blocks follow each other
// every 15 cycles. No cycle count depends on data, key or tag: only on the segment lengths and on
// the handshakes.

module deoxys_i128_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [2:0] C_IDLE    = 3'd0;    // key words, or the first NPUB word
    localparam [2:0] C_NPUB    = 3'd1;    // NPUB word 2
    localparam [2:0] C_AD      = 3'd2;
    localparam [2:0] C_MSG     = 3'd3;    // PT (ENC) or CT (DEC)
    localparam [2:0] C_FIN     = 3'd4;    // the last blocks, then the tag job
    localparam [2:0] C_TAG_OUT = 3'd5;
    localparam [2:0] C_TAG_IN  = 3'd6;
    localparam [2:0] C_AUTH    = 3'd7;

    localparam [1:0] J_AD   = 2'd0;       // the job in the unit: full or partial AD block
    localparam [1:0] J_MSG  = 2'd1;       // full message block
    localparam [1:0] J_PART = 2'd2;       // partial last message block: keystream E(0)
    localparam [1:0] J_TAG  = 2'd3;

    // tweak stages (4 bits): AD full / last partial, message full / partial, tag without / after partial
    localparam [3:0] S_AD = 4'b0010, S_AD_LAST = 4'b0110, S_MSG = 4'b0000, S_MSG_LAST = 4'b0100;
    localparam [3:0] S_TAG = 4'b0001, S_TAG_PART = 4'b0101;

    reg [2:0]   st_q, st_d;
    reg [1:0]   w_q, w_d;                 // word index in the key / block / tag
    reg [127:0] k_q, k_d;                 // key
    reg [63:0]  n_q, n_d;                 // nonce
    reg         dec_q, dec_d;
    reg         bad_q, bad_d;             // DEC: a tag word differed
    reg         part_q, part_d;           // the message ended with a partial block
    reg [1:0]   job_q, job_d;
    // Block number of the next block loaded: a segment has at most 65535 bytes (the frame's
    // length field), so 12 bits count its blocks; the tweak field is 60 bits.
    reg [11:0]  blk_q, blk_d;
    reg [127:0] auth_q, auth_d;
    reg [127:0] chk_q, chk_d;             // checksum
    `include "block_out_buffer_wiring.vh"   // ob_* and u_ob: the output buffer on bdo

    // input buffer (aes-modes-common/rtl/block_in_buffer): one AD or message block; ib_*, u_ib and
    // bdi_ready
    `include "block_in_buffer_wiring.vh"

    // Handshake outputs towards the frame: continuous assignments of registers and inputs only
    // (lwc-frame/docs.md, "CipherCore port list"); bdi_ready: block_in_buffer_wiring.vh
    assign key_ready      = (st_q == C_IDLE);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;

    // ---- the Deoxys-BC-256 unit -------------------------------------------------------------------
    reg          bc_start, bc_inv, bc_take;
    reg  [127:0] bc_block, bc_tweak;
    wire         bc_busy, bc_last;
    wire [127:0] bc_out;
    deoxys_bc256_iter u_bc (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(bc_start), .inv_i(bc_inv), .block_i(bc_block),
        .tweak_i(bc_tweak), .key_i(k_q), .take_i(bc_take), .busy_o(bc_busy), .last_o(bc_last),
        .out_o(bc_out));

    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp
    // stage (4 bits) || nonce (64) || block number (60), big-endian
    function [127:0] tweak(input [3:0] stage, input [63:0] nonce, input [11:0] number);
        tweak = {stage, nonce, 48'd0, number};
    endfunction

    wire         ib_part  = (ib_bytes_q != 5'd16);
    // the partial last message block: ib ^ E(0), on its valid bytes
    wire [127:0] part_out = (ib_q ^ bc_out) & byte_mask(ib_bytes_q);
    // a full message block: C_j = E(P_j) or P_j = D(C_j), and the checksum with P_j (DEC); the tag
    wire [127:0] msg_out  = bc_out;
    wire [127:0] chk_dec  = chk_q ^ bc_out;
    wire [127:0] tag_out  = bc_out ^ auth_q;

    always @* begin : next_state
        reg done;                        // the unit's result is taken this cycle
        st_d        = st_q;
        w_d         = w_q;
        k_d         = k_q;
        n_d         = n_q;
        dec_d       = dec_q;
        bad_d       = bad_q;
        part_d      = part_q;
        job_d       = job_q;
        ib_take     = 1'b0;
        ib_set      = 1'b0;               // no raw word into ib
        ib_set_idx  = 2'd0;
        blk_d       = blk_q;
        auth_d      = auth_q;
        chk_d       = chk_q;
        ob_load     = 1'b0;
        ob_block    = 128'd0;
        ob_nbytes   = 5'd0;
        ob_mode     = 1'b0;
        ob_send     = 1'b0;
        ob_type     = 4'd0;
        ob_shift    = 1'b0;
        bc_start    = 1'b0;
        bc_inv      = 1'b0;
        bc_block    = 128'd0;
        bc_tweak    = 128'd0;

        // ---- the unit's result ----
        done = 1'b0;
        if (bc_last) begin
            if (job_q == J_AD) begin
                done   = 1'b1;
                auth_d = auth_q ^ bc_out;
            end else if (ob_bytes_q == 5'd0) begin   // a result for bdo or the tag: the buffer is free
                `include "block_result_out.vh"   // msg_out, part_out or tag_out into the buffer
            end
        end
        bc_take = done;

        // ---- a block from the input buffer into the unit: while it is idle, or right after an AD
        // or full message block (a partial block's result still needs ib) ----
        if (ib_full_q && (!bc_busy || (done && job_q != J_PART))) begin
            bc_start = 1'b1;
            if (ib_ad_q) begin
                bc_block  = ib_part ? pad10(ib_q, ib_bytes_q) : ib_q;
                bc_tweak  = tweak(ib_part ? S_AD_LAST : S_AD, 64'd0, blk_q);
                job_d     = J_AD;
                ib_take   = 1'b1;
                blk_d     = ib_last_q ? 12'd0 : blk_q + 12'd1;    // the message counts from 0 again
            end else if (ib_part) begin
                bc_tweak  = tweak(S_MSG_LAST, n_q, blk_q);     // keystream E(0); ib waits for it
                job_d     = J_PART;
                part_d    = 1'b1;                              // blk stays: the tag's block number
            end else begin
                bc_block  = ib_q;
                bc_inv    = dec_q;
                bc_tweak  = tweak(S_MSG, n_q, blk_q);
                job_d     = J_MSG;
                ib_take   = 1'b1;
                blk_d     = blk_q + 12'd1;
                if (!dec_q) chk_d = chk_q ^ ib_q;                // Checksum ^= P_j
            end
        end

        // ---- control and word path ----
        case (st_q)
            C_IDLE: begin
                if (key_valid) begin
                    k_d[127 - 32*w_q -: 32] = key;
                    w_d = w_q + 2'd1;
                end else if (bdi_valid) begin
                    dec_d = decrypt_in;
                    n_d[63:32] = bdi;
                    st_d  = C_NPUB;
                end
            end
            C_NPUB: begin
                if (bdi_valid) begin
                    n_d[31:0] = bdi;
                    w_d    = 2'd0;
                    blk_d  = 12'd0;
                    auth_d = 128'd0;
                    chk_d  = 128'd0;
                    bad_d  = 1'b0;
                    part_d = 1'b0;
                    st_d   = C_AD;
                end
            end
            `include "block_in_states.vh"    // C_AD, C_MSG: the segments' words into the input buffer
            C_FIN: begin
                // every block done (the unit idle, so the checksum is complete): the tag job
                if (!ib_full_q && !bc_busy) begin
                    bc_start = 1'b1;
                    bc_block = chk_q;
                    bc_tweak = tweak(part_q ? S_TAG_PART : S_TAG, n_q, blk_q);
                    job_d    = J_TAG;
                end
            end
            `include "block_tag_states.vh"   // C_TAG_OUT, C_TAG_IN, C_AUTH
        endcase
    end

    always @(posedge clk_i) begin : regs
        if (rst_i) begin
            st_q        <= C_IDLE;
            w_q         <= 2'd0;
            k_q         <= 128'd0;
            n_q         <= 64'd0;
            dec_q       <= 1'b0;
            bad_q       <= 1'b0;
            part_q      <= 1'b0;
            job_q       <= J_AD;
            blk_q       <= 12'd0;
            auth_q      <= 128'd0;
            chk_q       <= 128'd0;
        end else begin
            st_q        <= st_d;
            w_q         <= w_d;
            k_q         <= k_d;
            n_q         <= n_d;
            dec_q       <= dec_d;
            bad_q       <= bad_d;
            part_q      <= part_d;
            job_q       <= job_d;
            blk_q       <= blk_d;
            auth_q      <= auth_d;
            chk_q       <= chk_d;
        end
    end
endmodule

`default_nettype wire
