`default_nettype none
// aes128_gcm_core — AES-128-GCM (NIST SP 800-38D, 96-bit IV, 16-byte tag) CipherCore for the LWC
// frame (designs/lwc-frame/docs.md: the GMU CryptoCore port list, CCW = CCSW = 32).
// Reference: src/cryptohls/golden/gcm.py (checked against the McGrew-Viega test cases).
//
// Per message the frame sends NPUB (3 words: the 96-bit IV), AD (words, or one size-0 word if
// empty), PT or CT (likewise), and for DEC the TAG (4 words); the core answers with CT/PT words on
// bdo, then for ENC the tag (4 words, bdo_type TAG), for DEC msg_auth (1 = tag verified).
//
// Datapath (big-endian bus order throughout: bus word m of a block is block[127-32m -: 32], which
// is also the FIPS-197 byte order of designs/aes-common):
// - iterative AES-128 (aes_enc_round + on-the-fly aes_key_step, one round per clock cycle): one
//   block in 10 cycles; the next block is loaded in the cycle of the previous one's last round, so
//   the AES unit delivers a block every 10 cycles. Jobs: H = AES_K(0^128) once per key (after the
//   key words); per message E_K(J0) (tag mask) then E_K(inc32^i(J0)), i = 1, 2, ... (keystream)
//   into a one-block keystream buffer, computed ahead while the AD is absorbed;
// - GHASH: digit-serial GF(2^128) multiplier, Horner's rule, 16 bits of the operand per cycle
//   (8 cycles per block, fewer than the AES's 10, so the AES sets the cycles per block); a one-block
//   input register (AD blocks, CT blocks, then the length block) in front of it;
// - tag = GHASH result xor E_K(J0); DEC compares the 4 TAG words with it (all 4 are always read).
// No cycle count depends on data, key or tag: only on the segment lengths and on the handshakes.

module aes128_gcm_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [3:0] C_IDLE    = 4'd0;    // key words, or the first NPUB word
    localparam [3:0] C_HKEY    = 4'd1;    // H = AES_K(0) after a new key
    localparam [3:0] C_NPUB    = 4'd2;    // NPUB words 2 and 3
    localparam [3:0] C_AD      = 4'd3;
    localparam [3:0] C_MSG     = 4'd4;    // PT (ENC) or CT (DEC)
    localparam [3:0] C_LEN     = 4'd5;    // length block into GHASH
    localparam [3:0] C_FIN     = 4'd6;    // wait for the last multiplication
    localparam [3:0] C_TAG_OUT = 4'd7;
    localparam [3:0] C_TAG_IN  = 4'd8;
    localparam [3:0] C_AUTH    = 4'd9;

    localparam [1:0] D_H  = 2'd0;         // destination of the AES block in flight
    localparam [1:0] D_TM = 2'd1;
    localparam [1:0] D_KS = 2'd2;

    localparam [3:0] LAST_ROUND = 4'd10;
    localparam [2:0] LAST_DIGIT = 3'd7;   // 8 digits of 16 bits per multiplication
    localparam [127:0] GF_R = {8'hE1, 120'd0};

    reg [3:0]   st_q, st_d;
    reg [1:0]   w_q, w_d;                 // word index in the key / nonce / block / tag
    reg [127:0] k_q, k_d;                 // key
    reg [127:0] h_q, h_d;                 // hash subkey H
    reg         dec_q, dec_d;
    reg         bad_q, bad_d;             // DEC: a tag word differed
    reg [15:0]  ad_len_q, ad_len_d;       // segment lengths in bytes (one segment: <= 65535)
    reg [15:0]  msg_len_q, msg_len_d;
    // AES unit
    reg         aes_busy_q, aes_busy_d;
    reg [3:0]   rnd_q, rnd_d;             // round computed in this cycle (1 ... 10)
    reg [127:0] as_q, as_d;               // AES state
    reg [127:0] rk_q, rk_d;               // round key of round rnd_q - 1
    // Power-up 0: Yosys's memory_dff leaves as_q and rk_q before the S-box ROMs (aes-common/docs.md)
    initial begin
        as_q = 128'd0;
        rk_q = 128'd0;
    end
    reg [1:0]   dst_q, dst_d;
    reg [127:0] cb_q, cb_d;               // counter block of the next keystream job
    reg [127:0] tm_q, tm_d;               // E_K(J0)
    reg         tm_ok_q, tm_ok_d;
    reg [127:0] ks_q, ks_d;               // keystream block for the current PT/CT block
    reg         ks_ok_q, ks_ok_d;
    // GHASH
    reg [127:0] x_q, x_d;                 // next input block
    reg         x_full_q, x_full_d;
    reg [127:0] y_q, y_d;                 // accumulator Y (the product while multiplying)
    reg [127:0] a_q, a_d;                 // operand Y xor X, consumed 16 bits per cycle
    reg         m_busy_q, m_busy_d;
    reg [2:0]   m_cnt_q, m_cnt_d;
    // bdo
    `include "lwc_bdo_register_wiring.vh"   // bdo_load, bdo_next ..., bdo_free and u_bdo

    // Handshake outputs towards the frame: continuous assignments of registers and inputs only
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = (st_q == C_IDLE)   ? !key_valid :
                            (st_q == C_NPUB)   ? 1'b1 :
                            (st_q == C_AD)     ? !x_full_q :
                            (st_q == C_MSG)    ? (bdo_free && !x_full_q && (ks_ok_q || (bdi_size == 3'd0))) :
                            (st_q == C_TAG_IN);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;

    // ---- AES-128: one round per cycle, round key on the fly --------------------------------------
    wire [7:0]   rcon;
    wire [127:0] rk_next;
    wire [127:0] round_out;
    aes_rcon      u_rcon  (.round_i(rnd_q), .rcon_o(rcon));
    aes_key_step  u_kstep (.key_i(rk_q), .rcon_i(rcon), .key_o(rk_next));
    aes_enc_round u_round (.state_i(as_q), .round_key_i(rk_next), .final_i(rnd_q == LAST_ROUND),
                           .state_o(round_out));

    // ---- GHASH digit: 16 Horner steps Z = Z * x + a_j * H, a_j taken from a_q[0] upwards --------
    // (a_q[0] is the coefficient of x^127 in SP 800-38D's bit order; * x is a right shift with
    // reduction by R = 11100001 || 0^120)
    function [127:0] ghash_digit;
        input [127:0] z_in;
        input [15:0]  a;
        input [127:0] h;
        integer j;
        reg [127:0] z;
        begin
            z = z_in;
            for (j = 0; j < 16; j = j + 1) begin
                z = {1'b0, z[127:1]} ^ (z[0] ? GF_R : 128'd0) ^ (a[j] ? h : 128'd0);
            end
            ghash_digit = z;
        end
    endfunction

    wire [127:0] digit_out = ghash_digit(y_q, a_q[15:0], h_q);

    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp
    wire [31:0]  bdi_mask = word_mask(bdi_valid_bytes);
    wire [31:0]  bdi_m    = bdi & bdi_mask;
    wire [31:0]  ks_word  = ks_q[127 - 32*w_q -: 32];
    wire [127:0] tag      = y_q ^ tm_q;
    wire [31:0]  tag_word = tag[127 - 32*w_q -: 32];
    wire         blk_end  = bdi_eot || (w_q == 2'd3);        // a word of size > 0 closes its block
    wire [127:0] len_blk  = {45'd0, ad_len_q, 3'b000, 45'd0, msg_len_q, 3'b000};   // bits

    always @* begin : next_state
        reg        aes_start;
        reg [31:0] ct_word;
        st_d        = st_q;
        w_d         = w_q;
        k_d         = k_q;
        h_d         = h_q;
        dec_d       = dec_q;
        bad_d       = bad_q;
        ad_len_d    = ad_len_q;
        msg_len_d   = msg_len_q;
        aes_busy_d  = aes_busy_q;
        rnd_d       = rnd_q;
        as_d        = as_q;
        rk_d        = rk_q;
        dst_d       = dst_q;
        cb_d        = cb_q;
        tm_d        = tm_q;
        tm_ok_d     = tm_ok_q;
        ks_d        = ks_q;
        ks_ok_d     = ks_ok_q;
        x_d         = x_q;
        x_full_d    = x_full_q;
        y_d         = y_q;
        a_d         = a_q;
        m_busy_d    = m_busy_q;
        m_cnt_d     = m_cnt_q;
        bdo_load      = 1'b0;
        bdo_next      = 32'h0000_0000;
        bdo_type_next = 4'b0000;
        bdo_vb_next   = 4'b0000;
        eob_next      = 1'b0;
        aes_start   = 1'b0;
        ct_word     = 32'h0000_0000;

        // ---- control and word path ----
        case (st_q)
            C_IDLE: begin
                if (key_valid) begin
                    k_d[127 - 32*w_q -: 32] = key;
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        st_d = C_HKEY;
                    end
                end else if (bdi_valid) begin
                    // first NPUB word: J0 = IV || 0^31 || 1
                    dec_d     = decrypt_in;
                    cb_d      = {bdi, 64'd0, 32'd1};
                    w_d       = 2'd1;
                    st_d      = C_NPUB;
                end
            end
            C_HKEY: begin
                if (!aes_busy_q) begin
                    st_d = C_IDLE;
                end
            end
            C_NPUB: begin
                if (bdi_valid) begin
                    cb_d[127 - 32*w_q -: 32] = bdi;
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd2) begin
                        w_d       = 2'd0;
                        ad_len_d  = 16'd0;
                        msg_len_d = 16'd0;
                        y_d       = 128'd0;
                        tm_ok_d   = 1'b0;
                        ks_ok_d   = 1'b0;
                        bad_d     = 1'b0;
                        st_d      = C_AD;
                    end
                end
            end
            C_AD: begin
                if (bdi_valid && !x_full_q) begin
                    if (bdi_size == 3'd0) begin
                        st_d = C_MSG;                       // empty AD
                    end else begin
                        ad_len_d = ad_len_q + {13'd0, bdi_size};
                        if (w_q == 2'd0) begin
                            x_d = {bdi_m, 96'd0};
                        end else begin
                            x_d[127 - 32*w_q -: 32] = bdi_m;
                        end
                        w_d = w_q + 2'd1;
                        if (blk_end) begin
                            x_full_d = 1'b1;
                        end
                        if (bdi_eot) begin
                            w_d  = 2'd0;
                            st_d = C_MSG;
                        end
                    end
                end
            end
            C_MSG: begin
                if (bdi_valid && bdo_free && !x_full_q && (ks_ok_q || (bdi_size == 3'd0))) begin
                    if (bdi_size == 3'd0) begin
                        st_d = C_LEN;                       // empty PT / CT
                    end else begin
                        // ENC: C = P ^ E(CB); DEC: P = C ^ E(CB); GHASH takes C
                        ct_word       = dec_q ? bdi_m : ((ks_word ^ bdi) & bdi_mask);
                        bdo_load      = 1'b1;
                        bdo_next      = (ks_word ^ bdi) & bdi_mask;
                        bdo_type_next = dec_q ? T_PT : T_CT;
                        bdo_vb_next   = bdi_valid_bytes;
                        eob_next      = blk_end;
                        msg_len_d     = msg_len_q + {13'd0, bdi_size};
                        if (w_q == 2'd0) begin
                            x_d = {ct_word, 96'd0};
                        end else begin
                            x_d[127 - 32*w_q -: 32] = ct_word;
                        end
                        w_d = w_q + 2'd1;
                        if (blk_end) begin
                            x_full_d = 1'b1;
                            ks_ok_d  = 1'b0;                // keystream block used up
                        end
                        if (bdi_eot) begin
                            w_d  = 2'd0;
                            st_d = C_LEN;
                        end
                    end
                end
            end
            C_LEN: begin
                if (!x_full_q) begin
                    x_d      = len_blk;
                    x_full_d = 1'b1;
                    st_d     = C_FIN;
                end
            end
            C_FIN: begin
                if (!x_full_q && !m_busy_q && tm_ok_q) begin
                    w_d  = 2'd0;
                    st_d = dec_q ? C_TAG_IN : C_TAG_OUT;
                end
            end
            `include "lwc_tag_states.vh"   // C_TAG_OUT, C_TAG_IN, C_AUTH
            default: st_d = C_IDLE;
        endcase

        // ---- AES unit ----
        if (aes_busy_q) begin
            if (rnd_q != LAST_ROUND) begin
                as_d  = round_out;
                rk_d  = rk_next;
                rnd_d = rnd_q + 4'd1;
            end else begin
                // deliver the block; a keystream block waits until the buffer is free
                case (dst_q)
                    D_H: begin
                        h_d        = round_out;
                        aes_busy_d = 1'b0;
                    end
                    D_TM: begin
                        tm_d       = round_out;
                        tm_ok_d    = 1'b1;
                        aes_busy_d = 1'b0;
                    end
                    default: begin
                        if (!ks_ok_d) begin
                            ks_d       = round_out;
                            ks_ok_d    = 1'b1;
                            aes_busy_d = 1'b0;
                        end
                    end
                endcase
            end
        end
        // keystream jobs while the message's data is being taken; the unit stops after it
        if ((st_q == C_AD || st_q == C_MSG) && !aes_busy_d) begin
            aes_start = 1'b1;
            as_d      = cb_q ^ k_q;
            cb_d      = {cb_q[127:32], cb_q[31:0] + 32'd1};   // inc32
            dst_d     = D_KS;
        end
        if (st_q == C_IDLE && key_valid && w_q == 2'd3) begin
            aes_start = 1'b1;                                // H = AES_K(0^128), the new key
            as_d      = {k_q[127:32], key};
            dst_d     = D_H;
        end
        if (st_q == C_NPUB && bdi_valid && w_q == 2'd2) begin
            aes_start = 1'b1;                                // E_K(J0), J0 = IV || 0^31 || 1
            as_d      = {cb_q[127:64], bdi, 32'd1} ^ k_q;
            cb_d      = {cb_q[127:64], bdi, 32'd2};
            dst_d     = D_TM;
        end
        if (st_q == C_TAG_OUT || st_q == C_TAG_IN || st_q == C_IDLE) begin
            aes_busy_d = 1'b0;                               // unused keystream is dropped
        end
        if (aes_start) begin
            aes_busy_d = 1'b1;
            rnd_d      = 4'd1;
            rk_d       = (st_q == C_IDLE) ? {k_q[127:32], key} : k_q;
        end

        // ---- GHASH unit ----
        if (m_busy_q) begin
            y_d      = digit_out;
            a_d      = {16'd0, a_q[127:16]};
            m_cnt_d  = m_cnt_q + 3'd1;
            if (m_cnt_q == LAST_DIGIT) begin
                m_busy_d = 1'b0;
            end
        end else if (x_full_q) begin
            a_d      = y_q ^ x_q;
            y_d      = 128'd0;
            m_cnt_d  = 3'd0;
            m_busy_d = 1'b1;
            x_full_d = 1'b0;
        end
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q        <= C_IDLE;
            w_q         <= 2'd0;
            k_q         <= 128'd0;
            h_q         <= 128'd0;
            dec_q       <= 1'b0;
            bad_q       <= 1'b0;
            ad_len_q    <= 16'd0;
            msg_len_q   <= 16'd0;
            aes_busy_q  <= 1'b0;
            rnd_q       <= 4'd0;
            as_q        <= 128'd0;
            rk_q        <= 128'd0;
            dst_q       <= D_H;
            cb_q        <= 128'd0;
            tm_q        <= 128'd0;
            tm_ok_q     <= 1'b0;
            ks_q        <= 128'd0;
            ks_ok_q     <= 1'b0;
            x_q         <= 128'd0;
            x_full_q    <= 1'b0;
            y_q         <= 128'd0;
            a_q         <= 128'd0;
            m_busy_q    <= 1'b0;
            m_cnt_q     <= 3'd0;
        end else begin
            st_q        <= st_d;
            w_q         <= w_d;
            k_q         <= k_d;
            h_q         <= h_d;
            dec_q       <= dec_d;
            bad_q       <= bad_d;
            ad_len_q    <= ad_len_d;
            msg_len_q   <= msg_len_d;
            aes_busy_q  <= aes_busy_d;
            rnd_q       <= rnd_d;
            as_q        <= as_d;
            rk_q        <= rk_d;
            dst_q       <= dst_d;
            cb_q        <= cb_d;
            tm_q        <= tm_d;
            tm_ok_q     <= tm_ok_d;
            ks_q        <= ks_d;
            ks_ok_q     <= ks_ok_d;
            x_q         <= x_d;
            x_full_q    <= x_full_d;
            y_q         <= y_d;
            a_q         <= a_d;
            m_busy_q    <= m_busy_d;
            m_cnt_q     <= m_cnt_d;
        end
    end
endmodule

`default_nettype wire
