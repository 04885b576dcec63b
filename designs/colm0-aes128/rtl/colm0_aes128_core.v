`default_nettype none
// colm0_aes128_core — COLM0 (COLM v1 with AES-128, no intermediate tags; SUPERCOP colm0v1, 8-byte
// nonce, 16-byte tag) CipherCore for the LWC frame (designs/lwc-frame/docs.md, CCW = CCSW = 32).
// Reference: src/cryptohls/golden/colm0.py.
//
// COLM is encrypt-mix-encrypt: per message block two AES calls with the mixing function rho between
// them. Two AES-128 units (designs/aes-modes-common/aes128_iter_unit: one round per cycle, forward and
// inverse, round keys on the fly each) in a two-stage pipeline: u_aes_a runs L, the IV blocks and every
// block's first call, u_aes_b its second call, so block i's second call runs beside block i+1's first
// and a message block takes 10 cycles, an AD block 10 (docs.md, "Timing").
//   L = E_K(0) once per key (K10, where the inverse cipher starts, comes out of the same run);
//   IV = xor of E_K(A_i ^ Delta_A) over N || 0^64 || A (10* padding, masks 3L, 2x / 7x);
//   body block: C = E_K(rho(E_K(M ^ Delta_M), W)) ^ Delta_C (DEC: the same backwards with E_K^-1);
//   block l (Sigma = xor of M with the last padded) and l+1 (the same Sigma, the next masks).
// The LWC frame splits COLM's |M| + 16 output bytes into a CT segment of |M| bytes and a 16-byte
// tag, so the tag is the last 16 - r bytes of C[l] and the first r of C[l+1] (r = |M[l]|); a DEC
// rebuilds C[l] from the CT segment's tail and the tag. No cycle count depends on data, key or tag.

module colm0_aes128_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [3:0] C_IDLE    = 4'd0;    // key words, or the first NPUB word
    localparam [3:0] C_KEY     = 4'd1;    // L = E_K(0) and K10 after a new key
    localparam [3:0] C_NPUB    = 4'd2;    // NPUB word 2
    localparam [3:0] C_AD      = 4'd3;
    localparam [3:0] C_MSG     = 4'd4;    // PT (ENC) or CT (DEC)
    localparam [3:0] C_TAG_IN  = 4'd5;    // DEC: the tag words
    localparam [3:0] C_FIN     = 4'd6;    // blocks l and l+1
    localparam [3:0] C_TAG_OUT = 4'd7;
    localparam [3:0] C_AUTH    = 4'd8;

    // the job in u_aes_a; u_aes_b runs the second calls E2 = E_K(rho(...)) ^ Delta_C and
    // D2 = E_K^-1(rho^-1(...)) ^ Delta_M (job_b_dec_q)
    localparam [1:0] J_L  = 2'd0;
    localparam [1:0] J_AD = 2'd1;
    localparam [1:0] J_E1 = 2'd2;         // E_K(block ^ Delta_M)
    localparam [1:0] J_D1 = 2'd3;         // E_K^-1(C ^ Delta_C)

    localparam [1:0] P_BODY = 2'd0;       // the phase of a message job: body block,
    localparam [1:0] P_LAST = 2'd1;       // block l,
    localparam [1:0] P_TAIL = 2'd2;       // block l + 1

    reg [3:0]   st_q, st_d;
    reg [1:0]   w_q, w_d;                 // word index in the key / nonce / block / tag
    reg [127:0] k_q, k_d;
    reg [127:0] k10_q, k10_d;             // round key 10 (the inverse cipher's first)
    reg [127:0] l_q, l_d;                 // L = E_K(0)
    reg         dec_q, dec_d;
    reg         bad_q, bad_d;             // DEC: padding or C[l+1] wrong
    reg [1:0]   job_a_q, job_a_d;         // the job in u_aes_a and its block's phase
    reg [1:0]   ph_a_q, ph_a_d;
    reg         job_b_dec_q, job_b_dec_d; // u_aes_b runs D2 (else E2); its block's phase
    reg [1:0]   ph_b_q, ph_b_d;
    reg [127:0] dout_q, dout_d;           // the mask of u_aes_b's result: Delta_C (E2) or Delta_M (D2)
    // input buffer: the nonce block, an AD block or a message block
    reg [127:0] ib_q, ib_d;
    reg [4:0]   ib_bytes_q, ib_bytes_d;   // 0 ... 16 (0: an empty message)
    reg         ib_full_q, ib_full_d;
    reg         ib_ad_q, ib_ad_d;         // an AD block (the nonce block too)
    reg         ib_first_q, ib_first_d;   // the nonce block
    reg         ib_fin_q, ib_fin_d;       // the last message block, M[l] / the CT segment's tail
    // COLM state
    reg [127:0] da_q, da_d;               // Delta_A
    reg [127:0] dm_q, dm_d;               // Delta_M
    reg [127:0] dc_q, dc_d;               // Delta_C
    reg [127:0] w_st_q, w_st_d;           // IV, then the rho state W
    reg [127:0] sum_q, sum_d;             // Sigma
    reg [127:0] cl_q, cl_d;               // ENC: C[l]
    reg [127:0] tg_q, tg_d;               // the tag (ENC: to send; DEC: received, then C[l+1]'s bytes)
    reg [4:0]   r_q, r_d;                 // |M[l]|
    // output buffer and bdo (aes-modes-common/rtl/block_out_buffer): a result block or the tag, sent
    // word by word (every load is sent; colm0 compares no tag in the buffer): ob_* and u_ob
    `include "block_out_buffer_send_wiring.vh"

    // Handshake outputs: registers and inputs only (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == C_IDLE);
    assign bdi_ready      = (st_q == C_IDLE)   ? !key_valid :
                            (st_q == C_NPUB || st_q == C_TAG_IN) ? 1'b1 :
                            (st_q == C_AD || st_q == C_MSG) ? !ib_full_q : 1'b0;
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;

    wire         a_done, b_done;          // a unit's result is taken (below)
    // u_aes_a: the first calls (and L, the IV); its rk_o gives K10 after L
    reg          a_start, a_inv;
    reg  [127:0] a_block, a_key;
    wire         a_busy, a_last;
    wire [127:0] a_out, a_rk;
    aes128_iter_unit #(.INVERSE(1)) u_aes_a (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(a_start), .inv_i(a_inv), .block_i(a_block),
        .key_i(a_key), .take_i(a_done), .busy_o(a_busy), .last_o(a_last), .out_o(a_out),
        .rk_o(a_rk));
    // u_aes_b: the second calls, started with rho(first call) in u_aes_a's last round
    reg          b_start;
    reg  [127:0] b_block;
    wire         b_busy, b_last;
    wire [127:0] b_out;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [127:0] b_rk;                    // K10 comes from u_aes_a
    /* verilator lint_on UNUSEDSIGNAL */
    aes128_iter_unit #(.INVERSE(1)) u_aes_b (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(b_start), .inv_i(job_b_dec_d), .block_i(b_block),
        .key_i(job_b_dec_d ? k10_q : k_q), .take_i(b_done), .busy_o(b_busy), .last_o(b_last),
        .out_o(b_out), .rk_o(b_rk));

    // ---- GF(2^128) and byte helpers (the modes' bit order, cryptohls.golden.aes_modes) ----
    function [127:0] dbl(input [127:0] x);
        dbl = {x[126:0], 1'b0} ^ {120'd0, {8{x[127]}} & 8'h87};
    endfunction
    function [127:0] tpl(input [127:0] x);
        tpl = dbl(x) ^ x;
    endfunction
    function [127:0] sev(input [127:0] x);
        sev = dbl(dbl(x)) ^ dbl(x) ^ x;
    endfunction
    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp
    // the 10* padding byte right after n bytes (n = 0 ... 15)
    function [127:0] pad_bit(input [4:0] n);
        pad_bit = {8'h80, 120'd0} >> {n, 3'b000};
    endfunction

    wire [31:0]  bdi_mask = word_mask(bdi_valid_bytes);
    wire [31:0]  bdi_m    = bdi & bdi_mask;
    wire         blk_end  = bdi_eot || (w_q == 2'd3);        // a word of size > 0 closes its block
    wire         ib_part  = (ib_bytes_q != 5'd16);
    wire [127:0] ib_pad   = ib_part ? (ib_q | pad_bit(ib_bytes_q)) : ib_q;
    // rho(Y, W) = (Y ^ 3W, Y ^ 2W) after E1; rho^-1 after D1: Y = X ^ 3W, W' = Y ^ 2W
    wire [127:0] rho_y    = dec_q ? a_out ^ tpl(w_st_q) : a_out;
    wire [127:0] rho_out  = a_out ^ tpl(w_st_q);             // ENC: the mixed block; DEC: Y
    wire [127:0] rho_w    = rho_y ^ dbl(w_st_q);
    // the last masks: 7 Delta (M[l] full) or 7^2 Delta
    wire         fin_full = (ib_bytes_q == 5'd16);
    wire [127:0] dm_fin   = fin_full ? sev(dm_q) : sev(sev(dm_q));
    wire [127:0] dc_fin   = fin_full ? sev(dc_q) : sev(sev(dc_q));
    // ENC tag = the last 16 - r bytes of C[l], then the first r bytes of C[l+1]
    wire [127:0] b_res    = b_out ^ dout_q;                  // C[i] (ENC, and block l + 1) or M[i] (DEC)
    wire [127:0] tag_out  = (cl_q << {r_q, 3'b000}) | (b_res >> {5'd16 - r_q, 3'b000});
    // DEC block l: Sigma = E_K^-1(...) ^ Delta_M, the padded M[l] = Sigma ^ the body's Sigma
    wire [127:0] sigma_l  = b_res;
    wire [127:0] m_last   = sigma_l ^ sum_q;
    // block l may start in u_aes_a: the last message block in, the unit free, and for DEC the tag
    // (its last word may be on bdi now), except when M[l] is full: then C[l] is the CT segment's tail
    // alone and the tag is only needed at block l + 1's check
    wire         tag_last = (st_q == C_TAG_IN) && bdi_valid && (w_q == 2'd3);
    wire [127:0] tag_now  = tag_last ? {tg_q[127:32], bdi} : tg_q;
    wire         fin_full_dec = dec_q && (st_q == C_TAG_IN) && fin_full;
    // u_aes_b's result (a second call) is taken when the output buffer is free; a DEC's check of
    // C[l+1] waits for the whole tag. u_aes_a's is taken at once (L, IV) or when u_aes_b takes the
    // second call (E1 / D1)
    assign       b_done   = b_last && ob_bytes_q == 5'd0 && !(dec_q && ph_b_q == P_TAIL && st_q != C_FIN);
    wire         b_free   = !b_busy || b_done;
    assign       a_done   = a_last && (job_a_q == J_L || job_a_q == J_AD || b_free);
    wire         a_free   = !a_busy || a_done;
    wire         fin_go   = ib_full_q && ib_fin_q && ph_a_q == P_BODY && a_free &&
                            (st_q == C_FIN || tag_last || fin_full_dec);

    always @* begin : next_state
        st_d        = st_q;
        w_d         = w_q;
        k_d         = k_q;
        k10_d       = k10_q;
        l_d         = l_q;
        dec_d       = dec_q;
        bad_d       = bad_q;
        job_a_d     = job_a_q;
        ph_a_d      = ph_a_q;
        job_b_dec_d = job_b_dec_q;
        ph_b_d      = ph_b_q;
        dout_d      = dout_q;
        ib_d        = ib_q;
        ib_bytes_d  = ib_bytes_q;
        ib_full_d   = ib_full_q;
        ib_ad_d     = ib_ad_q;
        ib_first_d  = ib_first_q;
        ib_fin_d    = ib_fin_q;
        da_d        = da_q;
        dm_d        = dm_q;
        dc_d        = dc_q;
        w_st_d      = w_st_q;
        sum_d       = sum_q;
        cl_d        = cl_q;
        tg_d        = tg_q;
        r_d         = r_q;
        ob_load     = 1'b0;
        ob_block    = 128'd0;
        ob_nbytes   = 5'd0;
        ob_type     = 4'b0000;
        a_start     = 1'b0;
        a_inv       = 1'b0;
        a_block     = 128'd0;
        a_key       = k_q;
        b_start     = 1'b0;
        b_block     = 128'd0;

        // ---- u_aes_b's result (a second call) ----
        if (b_done) begin
            if (ph_b_q == P_BODY) begin
                ob_load    = 1'b1;
                ob_block   = b_res;
                ob_nbytes  = 5'd16;
                ob_type    = dec_q ? T_PT : T_CT;
                if (dec_q) sum_d = sum_q ^ b_res;
            end else if (ph_b_q == P_LAST) begin
                if (dec_q) begin              // DEC: M[l], its padding, and Sigma; then block l + 1
                    ob_load    = 1'b1;
                    ob_block   = m_last & byte_mask(r_q);
                    ob_nbytes  = r_q;
                    ob_type    = T_PT;
                    bad_d      = bad_q || (r_q != 5'd16 &&
                                 (m_last & ~byte_mask(r_q)) != pad_bit(r_q));
                    sum_d      = sigma_l;
                    // block l + 1: E_K(Sigma ^ 2 Delta_M) (u_aes_a is idle: block l was its last)
                    dm_d       = dbl(dm_q);
                    dc_d       = dbl(dc_q);
                    a_start    = 1'b1;
                    a_block    = sigma_l ^ dbl(dm_q);
                    job_a_d    = J_E1;
                    ph_a_d     = P_TAIL;
                end else begin
                    cl_d = b_res;
                end
            end else if (dec_q) begin         // P_TAIL, DEC: C[l+1]'s first r bytes
                bad_d = bad_q || (((b_res ^ tg_q) & byte_mask(r_q)) != 128'd0);
                st_d  = C_AUTH;
            end else begin                    // P_TAIL, ENC: C[l]'s first r bytes, then the tag
                ob_load    = 1'b1;
                ob_block   = cl_q & byte_mask(r_q);
                ob_nbytes  = r_q;
                ob_type    = T_CT;
                tg_d       = tag_out;
                w_d        = 2'd0;
                st_d       = C_TAG_OUT;
            end
        end

        // ---- u_aes_a's result: L, an IV block, or a first call handed to u_aes_b through rho ----
        if (a_done) begin
            case (job_a_q)
                J_L: begin
                    l_d    = a_out;
                    k10_d  = a_rk;
                end
                J_AD: begin
                    w_st_d = w_st_q ^ a_out;
                end
                default: begin                // J_E1 / J_D1: rho (or rho^-1), the second call
                    begin
                        w_st_d      = rho_w;
                        b_start     = 1'b1;
                        b_block     = rho_out;
                        job_b_dec_d = (job_a_q == J_D1);
                        ph_b_d      = ph_a_q;
                        dout_d      = (job_a_q == J_D1) ? dm_q : dc_q;
                        if (!dec_q && ph_a_q == P_LAST) begin
                            // ENC: block l + 1 right behind block l (Sigma is known, W now)
                            dm_d    = dbl(dm_q);
                            dc_d    = dbl(dc_q);
                            a_start = 1'b1;
                            a_block = sum_q ^ dbl(dm_q);
                            job_a_d = J_E1;
                            ph_a_d  = P_TAIL;
                        end
                    end
                end
            endcase
        end

        // ---- a block from the input buffer into u_aes_a: the nonce / AD blocks and the body
        // blocks, while the unit is free ----
        if (ib_full_q && !ib_fin_q && a_free) begin
            a_start   = 1'b1;
            ib_full_d = 1'b0;
            if (ib_ad_q) begin
                // Delta_A = 3L for the nonce block, then 2 Delta_A (full) or 7 Delta_A (padded)
                da_d    = ib_first_q ? tpl(l_q) : ib_part ? sev(da_q) : dbl(da_q);
                a_block = ib_pad ^ (ib_first_q ? tpl(l_q) : ib_part ? sev(da_q) : dbl(da_q));
                job_a_d = J_AD;
            end else begin
                dm_d    = dbl(dm_q);
                dc_d    = dbl(dc_q);
                ph_a_d  = P_BODY;
                if (dec_q) begin
                    a_block = ib_q ^ dbl(dc_q);
                    a_inv   = 1'b1;
                    a_key   = k10_q;
                    job_a_d = J_D1;
                end else begin
                    a_block = ib_q ^ dbl(dm_q);
                    sum_d   = sum_q ^ ib_q;
                    job_a_d = J_E1;
                end
            end
        end

        // ---- control and word path ----
        case (st_q)
            C_IDLE: begin
                if (key_valid) begin
                    k_d[127 - 32*w_q -: 32] = key;
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        a_start   = 1'b1;                         // L = E_K(0^128), the new key
                        a_block   = 128'd0;
                        a_key     = {k_q[127:32], key};
                        job_a_d   = J_L;
                        st_d      = C_KEY;
                    end
                end else if (bdi_valid) begin
                    dec_d        = decrypt_in;
                    ib_d[127:96] = bdi;
                    st_d         = C_NPUB;
                end
            end
            C_KEY: begin
                if (a_done) begin
                    st_d = C_IDLE;
                end
            end
            C_NPUB: begin
                if (bdi_valid) begin                               // N || param (0^64): the first IV block
                    ib_d       = {ib_q[127:96], bdi, 64'd0};
                    ib_bytes_d = 5'd16;
                    ib_full_d  = 1'b1;
                    ib_ad_d    = 1'b1;
                    ib_first_d = 1'b1;
                    ib_fin_d   = 1'b0;
                    w_d        = 2'd0;
                    w_st_d     = 128'd0;
                    sum_d      = 128'd0;
                    dm_d       = l_q;
                    dc_d       = tpl(tpl(l_q));
                    bad_d      = 1'b0;
                    st_d       = C_AD;
                end
            end
            C_AD, C_MSG: begin
                if (bdi_valid && !ib_full_q) begin
                    ib_first_d = 1'b0;
                    ib_ad_d    = (st_q == C_AD);
                    if (bdi_size == 3'd0) begin                    // empty segment
                        if (st_q == C_AD) begin
                            st_d = C_MSG;
                        end else begin                             // an empty message: M[1] empty
                            ib_d       = 128'd0;
                            ib_bytes_d = 5'd0;
                            ib_full_d  = 1'b1;
                            ib_fin_d   = 1'b1;
                            st_d       = dec_q ? C_TAG_IN : C_FIN;
                        end
                    end else begin
                        `include "block_in_word.vh"   // bdi_m into word w_q of ib, its bytes counted
                        if (blk_end) begin
                            ib_full_d = 1'b1;
                            ib_fin_d  = (st_q == C_MSG) && bdi_eot;
                        end
                        if (bdi_eot) begin
                            w_d  = 2'd0;
                            st_d = (st_q == C_AD) ? C_MSG : dec_q ? C_TAG_IN : C_FIN;
                        end
                    end
                end
            end
            C_TAG_IN: begin
                if (bdi_valid) begin
                    tg_d[127 - 32*w_q -: 32] = bdi;
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        st_d = C_FIN;
                    end
                end
            end
            C_TAG_OUT: begin
                if (ob_bytes_q == 5'd0) begin
                    if (w_q == 2'd0) begin
                        ob_load    = 1'b1;
                        ob_block   = tg_q;
                        ob_nbytes  = 5'd16;
                        ob_type    = T_TAG;
                        w_d        = 2'd1;
                    end else begin
                        w_d    = 2'd0;
                        ph_a_d = P_BODY;
                        st_d   = C_IDLE;
                    end
                end
            end
            C_AUTH: begin
                if (msg_auth_ready) begin
                    ph_a_d = P_BODY;
                    st_d = C_IDLE;
                end
            end
            C_FIN: ;
            default: st_d = C_IDLE;
        endcase

        // ---- block l: right behind the last body block's first call (ENC: Sigma complete); a DEC
        // with a short M[l] starts with its last tag word, so that the tag and the AES unit arriving
        // last cost the same (Ta + n Tb). The state stays (C_TAG_IN until the tag is in) ----
        if (fin_go) begin
            a_start   = 1'b1;
            ib_full_d = 1'b0;
            r_d       = ib_bytes_q;
            dm_d      = dm_fin;
            dc_d      = dc_fin;
            ph_a_d    = P_LAST;
            if (dec_q) begin
                // C[l] = the CT tail || the tag's first 16 - r bytes; keep C[l+1]'s r bytes (the
                // whole tag when M[l] is full: its words may still be coming)
                a_block = (ib_q | (tag_now >> {ib_bytes_q, 3'b000})) ^ dc_fin;
                a_inv   = 1'b1;
                a_key   = k10_q;
                if (!fin_full) tg_d = tag_now << {5'd16 - ib_bytes_q, 3'b000};
                job_a_d = J_D1;
            end else begin
                sum_d   = sum_q ^ ib_pad;
                a_block = sum_q ^ ib_pad ^ dm_fin;
                job_a_d = J_E1;
            end
        end
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q        <= C_IDLE;
            w_q         <= 2'd0;
            k_q         <= 128'd0;
            k10_q       <= 128'd0;
            l_q         <= 128'd0;
            dec_q       <= 1'b0;
            bad_q       <= 1'b0;
            job_a_q     <= J_L;
            ph_a_q      <= P_BODY;
            job_b_dec_q <= 1'b0;
            ph_b_q      <= P_BODY;
            dout_q      <= 128'd0;
            ib_q        <= 128'd0;
            ib_bytes_q  <= 5'd0;
            ib_full_q   <= 1'b0;
            ib_ad_q     <= 1'b0;
            ib_first_q  <= 1'b0;
            ib_fin_q    <= 1'b0;
            da_q        <= 128'd0;
            dm_q        <= 128'd0;
            dc_q        <= 128'd0;
            w_st_q      <= 128'd0;
            sum_q       <= 128'd0;
            cl_q        <= 128'd0;
            tg_q        <= 128'd0;
            r_q         <= 5'd0;
        end else begin
            st_q        <= st_d;
            w_q         <= w_d;
            k_q         <= k_d;
            k10_q       <= k10_d;
            l_q         <= l_d;
            dec_q       <= dec_d;
            bad_q       <= bad_d;
            job_a_q     <= job_a_d;
            ph_a_q      <= ph_a_d;
            job_b_dec_q <= job_b_dec_d;
            ph_b_q      <= ph_b_d;
            dout_q      <= dout_d;
            ib_q        <= ib_d;
            ib_bytes_q  <= ib_bytes_d;
            ib_full_q   <= ib_full_d;
            ib_ad_q     <= ib_ad_d;
            ib_first_q  <= ib_first_d;
            ib_fin_q    <= ib_fin_d;
            da_q        <= da_d;
            dm_q        <= dm_d;
            dc_q        <= dc_d;
            w_st_q      <= w_st_d;
            sum_q       <= sum_d;
            cl_q        <= cl_d;
            tg_q        <= tg_d;
            r_q         <= r_d;
        end
    end
endmodule

`default_nettype wire
