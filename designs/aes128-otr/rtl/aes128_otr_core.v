`default_nettype none
// aes128_otr_core — AES-OTR v3 with AES-128, parallel AD processing (SUPERCOP aes128otrpv3; 12-byte
// nonce, 16-byte tag) CipherCore for the LWC frame (designs/lwc-frame/docs.md: the GMU CryptoCore
// port list, CCW = CCSW = 32). Reference: src/cryptohls/golden/aes_otr.py (notation of its docstring).
//
// One AES-128 encryption unit (designs/aes-modes-common/aes128_iter_unit with INVERSE = 0: OTR needs
// no inverse cipher, decryption runs the Feistel rounds backwards) runs the jobs one after the other,
// 11 cycles each (the next job starts in the cycle after the result is taken):
//   Q = E_K(0) once per key; per message L = E_K(Format(N)); per AD block but the last E_K(Q ^ A_i)
//   (Q = 2Q), then TA = E_K(3Q or 3^2 Q ^ Xi); per message chunk of two blocks the two Feistel rounds
//   R1, R2 (a final single block: E_K(L)); TE = E_K(7 L* or 3^2 L* ^ Sigma).
// The message comes in chunks: a two-block input buffer takes the next chunk's words while the
// unit works on the current chunk (held in c1/c2). The chunk is known to be the last when its
// second block carries eot, before its first round starts, so both directions treat the last chunk
// with the same two rounds:
//   ENC  Z = E_K(L ^ M1), X = msb(Z ^ M2), Y = E_K(3L ^ ozp(X)) ^ M1:  C1, C2 = X, Y (last: Y, X)
//   DEC  M1 = E_K(3L ^ D) ^ E, Z = E_K(L ^ M1), M2 = Z ^ C1 (last: msb(Z ^ C2)),
//        with D, E = C1, C2 (last: ozp(C2), C1)
//   Sigma ^= Z ^ ozp(X) (ENC) or M2 (DEC; last: Z ^ ozp(C2)).
// The doublings 2X, 4X are gf128_mul2pow (shared with OCB3). No cycle count depends on data,
// key or tag: only on the segment lengths and on the handshakes.

module aes128_otr_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [3:0] C_IDLE    = 4'd0;    // key words, or the first NPUB word
    localparam [3:0] C_KEY     = 4'd1;    // Q = E_K(0) after a new key
    localparam [3:0] C_NPUB    = 4'd2;    // NPUB words 2 and 3
    localparam [3:0] C_AD      = 4'd3;
    localparam [3:0] C_MSG     = 4'd4;    // PT (ENC) or CT (DEC)
    localparam [3:0] C_FIN     = 4'd5;    // the last chunk, then TE
    localparam [3:0] C_TAG_OUT = 4'd6;
    localparam [3:0] C_TAG_IN  = 4'd7;
    localparam [3:0] C_AUTH    = 4'd8;

    localparam [2:0] J_Q   = 3'd0;        // the job in the AES unit
    localparam [2:0] J_L   = 3'd1;
    localparam [2:0] J_AD  = 3'd2;        // an AD block but the last
    localparam [2:0] J_TA  = 3'd3;
    localparam [2:0] J_R1  = 3'd4;        // first Feistel round of a chunk
    localparam [2:0] J_R2  = 3'd5;
    localparam [2:0] J_ODD = 3'd6;        // a final single block: E_K(L)
    localparam [2:0] J_TE  = 3'd7;

    reg [3:0]   st_q, st_d;
    reg [2:0]   w_q, w_d;                 // word index in the key / nonce / chunk (0 ... 7) / tag
    reg [127:0] k_q, k_d;                 // key
    reg [127:0] qk_q, qk_d;               // Q = E_K(0) of the key
    reg         dec_q, dec_d;
    reg         bad_q, bad_d;             // DEC: a tag word differed
    reg [2:0]   job_q, job_d;
    // input buffer: two blocks (a chunk), or one AD block, or the first two NPUB words
    reg [255:0] ib_q, ib_d;
    reg [4:0]   ib1_bytes_q, ib1_bytes_d;
    reg [4:0]   ib2_bytes_q, ib2_bytes_d;
    reg [1:0]   ib_cnt_q, ib_cnt_d;       // blocks complete in the buffer
    reg         ib_last_q, ib_last_d;     // the last of them ends its segment
    reg         ib_ad_q, ib_ad_d;         // an AD block (else message blocks)
    // the chunk in the unit
    reg [127:0] c1_q, c1_d, c2_q, c2_d;
    reg [4:0]   c2_bytes_q, c2_bytes_d;   // (c1 of a single-block chunk: c2_bytes holds its length)
    reg         c_last_q, c_last_d;
    reg         r2_due_q, r2_due_d;       // R1 done, R2 not started
    reg [127:0] x_q, x_d;                 // ENC: X; DEC: M1 (the second round's operand)
    // OTR state
    reg [127:0] q_q, q_d;                 // Q, doubled per AD block
    reg [127:0] xi_q, xi_d;               // Xi
    reg [127:0] ta_q, ta_d;               // TA (0 for an empty AD)
    reg [127:0] l_q, l_d;                 // L, doubled per chunk; L* after the last
    reg [127:0] sig_q, sig_d;             // Sigma
    reg         full_q, full_d;           // the message's last block is full
    // one pending block for the output buffer (the last chunk's C2 of an ENC goes out after C1)
    reg [127:0] pend_q, pend_d;
    reg [4:0]   pend_bytes_q, pend_bytes_d;   // 0: none
    `include "block_out_buffer_wiring.vh"   // ob_* and u_ob: the output buffer on bdo

    // Handshake outputs towards the frame: continuous assignments of registers and inputs only
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = (st_q == C_IDLE)   ? !key_valid :
                            (st_q == C_NPUB)   ? 1'b1 :
                            (st_q == C_AD)     ? (ib_cnt_q == 2'd0) :
                            (st_q == C_MSG)    ? (!ib_ad_q && ib_cnt_q != 2'd2) :
                            (st_q == C_TAG_IN);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;

    // ---- AES unit (encryption only) and the doublings -----------------------------------------
    reg          aes_start, aes_take;
    reg  [127:0] aes_block;
    reg  [127:0] aes_key;
    wire         aes_busy, aes_last;
    wire [127:0] aes_out;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [127:0] aes_rk;                  // the last round key: OCB's inverse cipher needs it, OTR not
    /* verilator lint_on UNUSEDSIGNAL */
    aes128_iter_unit #(.INVERSE(0)) u_aes (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(aes_start), .inv_i(1'b0), .block_i(aes_block),
        .key_i(aes_key), .take_i(aes_take), .busy_o(aes_busy), .last_o(aes_last), .out_o(aes_out),
        .rk_o(aes_rk));

    // multiples of V = Q (an AD block in the buffer) or L, as polynomials in GF(2^128): 2 = x,
    // 3 = x + 1, the spec's 3^2 = (x + 1)^2 = x^2 + 1 (written 5 here), 7 = x^2 + x + 1
    wire [127:0] v  = ib_ad_q ? q_q : l_q;
    wire [127:0] v2, v4;
    gf128_mul2pow u_v2 (.x_i(v), .k_i(4'd1), .y_o(v2));
    gf128_mul2pow u_v4 (.x_i(v), .k_i(4'd2), .y_o(v4));
    wire [127:0] v3 = v2 ^ v;
    wire [127:0] v5 = v4 ^ v;
    wire [127:0] v7 = v4 ^ v2 ^ v;

    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp

    wire [31:0]  bdi_mask = word_mask(bdi_valid_bytes);
    wire [31:0]  bdi_m    = bdi & bdi_mask;
    wire [127:0] ib1      = ib_q[255:128];
    wire [127:0] ib2      = ib_q[127:0];
    wire         chunk_in = (ib_cnt_q == 2'd2) || (ib_cnt_q == 2'd1 && ib_last_q);   // a whole chunk
    wire         ob_idle  = (ob_bytes_q == 5'd0) && (pend_bytes_q == 5'd0);
    // the chunk's round results (valid with aes_last)
    wire [127:0] enc_x    = (aes_out ^ c2_q) & byte_mask(c2_bytes_q);        // ENC R1: X
    wire [127:0] dec_m1   = aes_out ^ (c_last_q ? c1_q : c2_q);              // DEC R1: M1
    wire [127:0] dec_m2   = c_last_q ? ((aes_out ^ c2_q) & byte_mask(c2_bytes_q)) : (aes_out ^ c1_q);
    wire [127:0] odd_out  = (aes_out ^ c1_q) & byte_mask(c2_bytes_q);

    always @* begin : next_state
        reg done;
        st_d         = st_q;
        w_d          = w_q;
        k_d          = k_q;
        qk_d         = qk_q;
        dec_d        = dec_q;
        bad_d        = bad_q;
        job_d        = job_q;
        ib_d         = ib_q;
        ib1_bytes_d  = ib1_bytes_q;
        ib2_bytes_d  = ib2_bytes_q;
        ib_cnt_d     = ib_cnt_q;
        ib_last_d    = ib_last_q;
        ib_ad_d      = ib_ad_q;
        c1_d         = c1_q;
        c2_d         = c2_q;
        c2_bytes_d   = c2_bytes_q;
        c_last_d     = c_last_q;
        r2_due_d     = r2_due_q;
        x_d          = x_q;
        q_d          = q_q;
        xi_d         = xi_q;
        ta_d         = ta_q;
        l_d          = l_q;
        sig_d        = sig_q;
        full_d       = full_q;
        ob_load      = 1'b0;
        ob_block     = 128'd0;
        ob_nbytes    = 5'd0;
        ob_mode      = 1'b0;
        ob_send      = 1'b0;
        ob_type      = 4'b0000;
        ob_shift     = 1'b0;
        pend_d       = pend_q;
        pend_bytes_d = pend_bytes_q;
        aes_start    = 1'b0;
        aes_block    = 128'd0;
        aes_key      = k_q;

        // ---- the pending block into the free output buffer ----
        if (ob_bytes_q == 5'd0 && pend_bytes_q != 5'd0) begin
            ob_load      = 1'b1;
            ob_block     = pend_q;
            ob_nbytes    = pend_bytes_q;
            pend_bytes_d = 5'd0;
        end

        // ---- the AES unit's result: blocks for bdo wait for a free output buffer ----
        done = 1'b0;
        if (aes_last) begin
            case (job_q)
                J_Q: begin
                    done = 1'b1;
                    qk_d = aes_out;
                end
                J_L: begin
                    done = 1'b1;
                    l_d  = aes_out;
                end
                J_AD: begin
                    done = 1'b1;
                    xi_d = xi_q ^ aes_out;
                end
                J_TA: begin
                    done = 1'b1;
                    ta_d = aes_out;
                end
                J_R1: begin
                    if (ob_idle || (!dec_q && c_last_q)) begin      // ENC's last chunk sends later
                        done     = 1'b1;
                        r2_due_d = 1'b1;
                        ob_mode  = 1'b1;
                        ob_send  = 1'b1;
                        ob_type  = dec_q ? T_PT : T_CT;
                        if (dec_q) begin
                            x_d       = dec_m1;
                            ob_load   = 1'b1;
                            ob_block  = dec_m1;                      // M1
                            ob_nbytes = 5'd16;
                        end else begin
                            x_d   = enc_x;
                            sig_d = sig_q ^ aes_out ^ ozp(enc_x, c2_bytes_q);   // Z ^ ozp(X)
                            if (!c_last_q) begin
                                ob_load   = 1'b1;
                                ob_block  = enc_x;                   // C1 = X
                                ob_nbytes = 5'd16;
                            end
                        end
                    end
                end
                J_R2: begin
                    if (ob_idle) begin
                        done      = 1'b1;
                        ob_load   = 1'b1;
                        ob_nbytes = 5'd16;
                        if (dec_q) begin
                            ob_block  = dec_m2;                      // M2
                            ob_nbytes = c_last_q ? c2_bytes_q : 5'd16;
                            sig_d      = sig_q ^ (c_last_q ? (aes_out ^ ozp(c2_q, c2_bytes_q)) : dec_m2);
                        end else begin
                            ob_block = aes_out ^ c1_q;               // Y: C2, or C1 of the last chunk
                            if (c_last_q) begin
                                pend_d       = x_q;                  // then C2 = X
                                pend_bytes_d = c2_bytes_q;
                            end
                        end
                        l_d = c_last_q ? v3 : v2;                    // L* = 3L, or L = 2L
                    end
                end
                J_ODD: begin
                    if (ob_idle) begin
                        done       = 1'b1;
                        ob_load    = 1'b1;
                        ob_block   = odd_out;
                        ob_nbytes  = c2_bytes_q;
                        ob_mode    = 1'b1;
                        ob_send    = 1'b1;
                        ob_type    = dec_q ? T_PT : T_CT;
                        sig_d      = sig_q ^ ozp(dec_q ? odd_out : c1_q, c2_bytes_q);   // ozp(M)
                    end
                end
                default: begin                                       // J_TE: the tag
                    if (ob_idle) begin
                        done       = 1'b1;
                        ob_load    = 1'b1;
                        ob_block   = aes_out ^ ta_q;
                        ob_nbytes  = 5'd16;
                        ob_mode    = 1'b1;
                        ob_send    = !dec_q;
                        ob_type    = T_TAG;
                        st_d       = dec_q ? C_TAG_IN : C_TAG_OUT;
                        w_d        = 3'd0;
                    end
                end
            endcase
        end
        aes_take = done;

        // ---- the next job, when the unit is idle ----
        if (!aes_busy) begin
            if (r2_due_q) begin
                // R2: ENC E_K(3L ^ ozp(X)); DEC E_K(L ^ M1)
                aes_start = 1'b1;
                aes_block = dec_q ? (l_q ^ x_q) : (v3 ^ ozp(x_q, c2_bytes_q));
                job_d     = J_R2;
                r2_due_d  = 1'b0;
            end else if (ib_ad_q && ib_cnt_q == 2'd1) begin
                ib_cnt_d  = 2'd0;
                ib_ad_d   = 1'b0;
                if (ib_last_q) begin
                    // the last AD block: Xi ^= ozp(A), TA = E_K(3^2 Q or 3Q ^ Xi)
                    aes_start = 1'b1;
                    aes_block = xi_q ^ ozp(ib1, ib1_bytes_q) ^ ((ib1_bytes_q == 5'd16) ? v5 : v3);
                    job_d     = J_TA;
                end else begin
                    aes_start = 1'b1;
                    aes_block = q_q ^ ib1;
                    q_d       = v2;
                    job_d     = J_AD;
                end
            end else if (!ib_ad_q && chunk_in) begin
                c1_d       = ib1;
                c2_d       = ib2;
                c_last_d   = ib_last_q;
                ib_cnt_d   = 2'd0;
                aes_start  = 1'b1;
                if (ib_cnt_q == 2'd1) begin                          // a final single block
                    c2_bytes_d = ib1_bytes_q;
                    full_d     = (ib1_bytes_q == 5'd16);
                    aes_block  = l_q;
                    job_d      = J_ODD;
                end else begin
                    c2_bytes_d = ib2_bytes_q;
                    full_d     = (ib2_bytes_q == 5'd16);
                    aes_block  = dec_q ? (v3 ^ (ib_last_q ? ozp(ib2, ib2_bytes_q) : ib1)) : (l_q ^ ib1);
                    job_d      = J_R1;
                end
            end else if (st_q == C_FIN && ib_cnt_q == 2'd0) begin   // every chunk done
                aes_start = 1'b1;                                    // TE = E_K(7 L* or 3^2 L* ^ Sigma)
                aes_block = sig_q ^ (full_q ? v7 : v5);
                job_d     = J_TE;
            end
        end

        // ---- control and word path ----
        case (st_q)
            C_IDLE: begin
                if (key_valid) begin
                    k_d[127 - 32*w_q[1:0] -: 32] = key;
                    w_d = {1'b0, w_q[1:0] + 2'd1};
                    if (w_q[1:0] == 2'd3) begin
                        aes_start = 1'b1;                            // Q = E_K(0^128), the new key
                        aes_block = 128'd0;
                        aes_key   = {k_q[127:32], key};
                        job_d     = J_Q;
                        st_d      = C_KEY;
                    end
                end else if (bdi_valid) begin
                    dec_d          = decrypt_in;
                    ib_d[255:224]  = bdi;
                    w_d            = 3'd1;
                    st_d           = C_NPUB;
                end
            end
            C_KEY: begin
                if (done) begin
                    st_d = C_IDLE;
                end
            end
            C_NPUB: begin
                if (bdi_valid) begin
                    ib_d[255 - 32*w_q[1:0] -: 32] = bdi;
                    w_d = w_q + 3'd1;
                    if (w_q == 3'd2) begin
                        // L = E_K(Format(N)) = E_K(0^31 || 1 || N)
                        aes_start = 1'b1;
                        aes_block = {32'd1, ib_q[255:192], bdi};
                        job_d     = J_L;
                        w_d       = 3'd0;
                        q_d       = qk_q;
                        xi_d      = 128'd0;
                        ta_d      = 128'd0;
                        sig_d     = 128'd0;
                        bad_d     = 1'b0;
                        st_d      = C_AD;
                    end
                end
            end
            C_AD, C_MSG: begin
                if (bdi_valid && bdi_ready) begin
                    if (bdi_size == 3'd0) begin
                        if (st_q == C_AD) begin
                            st_d = C_MSG;                            // empty AD: TA = 0
                        end else begin
                            sig_d  = {8'h80, 120'd0};                // empty message: Sigma = ozp(empty)
                            full_d = 1'b0;
                            st_d   = C_FIN;
                        end
                    end else begin
                        if (w_q[1:0] == 2'd0) begin
                            ib_d[255 - 128*w_q[2] -: 128] = {bdi_m, 96'd0};
                        end else begin
                            ib_d[255 - 32*w_q -: 32] = bdi_m;
                        end
                        if (w_q[2]) begin
                            ib2_bytes_d = ((w_q[1:0] == 2'd0) ? 5'd0 : ib2_bytes_q) + {2'b00, bdi_size};
                        end else begin
                            ib1_bytes_d = ((w_q[1:0] == 2'd0) ? 5'd0 : ib1_bytes_q) + {2'b00, bdi_size};
                        end
                        w_d = w_q + 3'd1;
                        if (bdi_eot || w_q[1:0] == 2'd3) begin      // a block complete
                            ib_cnt_d  = ib_cnt_q + 2'd1;
                            ib_last_d = bdi_eot;
                            ib_ad_d   = (st_q == C_AD);
                            w_d       = (st_q == C_AD || w_q[2]) ? 3'd0 : 3'd4;
                        end
                        if (bdi_eot) begin
                            st_d = (st_q == C_AD) ? C_MSG : C_FIN;
                        end
                    end
                end
            end
            `include "block_tag_states.vh"   // C_TAG_OUT, C_TAG_IN, C_AUTH
            default: ;                                               // C_FIN: the jobs above
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q         <= C_IDLE;
            w_q          <= 3'd0;
            k_q          <= 128'd0;
            qk_q         <= 128'd0;
            dec_q        <= 1'b0;
            bad_q        <= 1'b0;
            job_q        <= J_Q;
            ib_q         <= 256'd0;
            ib1_bytes_q  <= 5'd0;
            ib2_bytes_q  <= 5'd0;
            ib_cnt_q     <= 2'd0;
            ib_last_q    <= 1'b0;
            ib_ad_q      <= 1'b0;
            c1_q         <= 128'd0;
            c2_q         <= 128'd0;
            c2_bytes_q   <= 5'd0;
            c_last_q     <= 1'b0;
            r2_due_q     <= 1'b0;
            x_q          <= 128'd0;
            q_q          <= 128'd0;
            xi_q         <= 128'd0;
            ta_q         <= 128'd0;
            l_q          <= 128'd0;
            sig_q        <= 128'd0;
            full_q       <= 1'b0;
            pend_q       <= 128'd0;
            pend_bytes_q <= 5'd0;
        end else begin
            st_q         <= st_d;
            w_q          <= w_d;
            k_q          <= k_d;
            qk_q         <= qk_d;
            dec_q        <= dec_d;
            bad_q        <= bad_d;
            job_q        <= job_d;
            ib_q         <= ib_d;
            ib1_bytes_q  <= ib1_bytes_d;
            ib2_bytes_q  <= ib2_bytes_d;
            ib_cnt_q     <= ib_cnt_d;
            ib_last_q    <= ib_last_d;
            ib_ad_q      <= ib_ad_d;
            c1_q         <= c1_d;
            c2_q         <= c2_d;
            c2_bytes_q   <= c2_bytes_d;
            c_last_q     <= c_last_d;
            r2_due_q     <= r2_due_d;
            x_q          <= x_d;
            q_q          <= q_d;
            xi_q         <= xi_d;
            ta_q         <= ta_d;
            l_q          <= l_d;
            sig_q        <= sig_d;
            full_q       <= full_d;
            pend_q       <= pend_d;
            pend_bytes_q <= pend_bytes_d;
        end
    end
endmodule

`default_nettype wire
