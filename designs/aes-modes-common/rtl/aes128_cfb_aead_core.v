`default_nettype none
// aes128_cfb_aead_core — the CipherCore of CLOC-AES (SILC = 0; SUPERCOP aes128n12t8clocv2) and SILC-AES
// (SILC = 1; aes128n12t8silcv2), 12-byte nonce, 8-byte tag, for the LWC frame (designs/lwc-frame/docs.md:
// the GMU CryptoCore port list, CCW = CCSW = 32). The two modes share the CFB encryption and the
// shape of their CBC-MAC chains (golden cloc.cfb_seal / cfb_open); they differ in the HASH of (N, A)
// and in how the PRF is opened and closed. References: src/cryptohls/golden/cloc.py, silc.py.
// designs/cloc-aes128 and designs/silc-aes128 use it as their CipherCore, the parameters set from their
// design.toml (`lwc = {core_params = ...}`).
//
// Two AES-128 encryption units (designs/aes-modes-common/aes128_iter_unit, INVERSE = 0: both modes
// only encrypt with E_K, in both directions), one round per cycle each, key schedule on the fly:
//   u_cfb  HASH (one block per job) and the CFB keystream E_K(V), E_K(fix1(C[i-1]));
//   u_prf  the PRF chain S = E_K(first), S = E_K(S ^ C[i]) and the tag job.
//   CLOC: HASH V = E_K(fix0(A[1])) (h(V) if A[1] starts with 1), V = E_K(V ^ A[i]), then
//         V = f1/f2(V ^ ozp(param || N)); PRF first = g2(V), tag E_K(f1(S ^ C[m]) or f2(S ^ ozp(C[m])));
//         an empty message: the tag is E_K(g1(V)).
//   SILC: HASH S = E_K(0^24 || param || N), S = E_K(S ^ zpp(A[i])), V = g(S) ^ Len(A); PRF first =
//         g(V), S = E_K(S ^ zpp(C[i])) for every block, tag E_K(g(S) ^ Len(C)) (one more job).
// Both chains of the message need only C[i] (the ciphertext in both directions), so the two units
// start in the same cycle: 11 cycles per message block (10 rounds, the results are registered, the
// next jobs start in the cycle after), 11 per AD block. With CHAIN_IN_LAST = 1 (SILC's wrapper) a job
// that needs a unit's result starts in that unit's last round, from the round's combinational output
// (the mode's XORs and maps then sit between the last round and the units' state registers): 10
// cycles per message and AD block. No cycle count depends on data, key or tag: only on the segment
// lengths and on the handshakes.

module aes128_cfb_aead_core #(
    parameter SILC = 0,                   // 0: CLOC, 1: SILC
    parameter CHAIN_IN_LAST = 0,          // 1: the next job starts in the last round of the one it needs
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"
    localparam [7:0] PARAM = 8'hC0;       // the byte before N in the nonce block (golden cloc.PARAM)

    localparam [3:0] S_IDLE    = 4'd0;    // key words, or the first NPUB word
    localparam [3:0] S_NPUB    = 4'd1;
    localparam [3:0] S_HASH    = 4'd2;    // AD blocks through u_cfb
    localparam [3:0] S_V       = 4'd3;    // the last HASH job, then V and the first message jobs
    localparam [3:0] S_MSG     = 4'd4;    // message blocks
    localparam [3:0] S_CLOSE   = 4'd5;    // SILC: the last CBC job of the PRF, then the tag job
    localparam [3:0] S_TAG     = 4'd6;    // the tag job in u_prf
    localparam [3:0] S_TAG_IO  = 4'd7;    // ENC: the tag goes out; DEC: the received tag comes in
    localparam [3:0] S_AUTH    = 4'd8;

    localparam [1:0] SEG_AD  = 2'd0;      // the segment the next bdi data word belongs to
    localparam [1:0] SEG_MSG = 2'd1;
    localparam [1:0] SEG_END = 2'd2;

    reg [3:0]   st_q, st_d;
    reg [1:0]   seg_q, seg_d;
    reg [1:0]   w_q, w_d;                 // word index in the key / nonce / block / tag
    reg [127:0] k_q, k_d;
    reg [95:0]  n_q, n_d;
    reg         dec_q, dec_d;
    reg         bad_q, bad_d;             // DEC: a tag word differed
    // input buffer: one block of AD or message
    reg [127:0] ib_q, ib_d;
    reg [4:0]   ib_bytes_q, ib_bytes_d;
    reg         ib_full_q, ib_full_d;
    reg         ib_last_q, ib_last_d;     // it ends its segment
    // HASH
    reg         first_q, first_d;         // the next AD block is A[1]
    reg         hflag_q, hflag_d;         // r = E_K(fix0(A[1])) and A[1]'s first bit is 1: V = h(r)
    reg         adfull_q, adfull_d;       // CLOC: the last AD block is full (f1, else f2)
    reg [31:0]  adlen_q, adlen_d;         // SILC: |A| and |C| in bytes, for Len(A), Len(C)
    reg [31:0]  mlen_q, mlen_d;
    // the units' results, registered when they come
    reg [127:0] r_q, r_d;                 // u_cfb: HASH state or the keystream block
    reg [127:0] s_q, s_d;                 // u_prf: S or the tag block
    reg [63:0]  tag_q, tag_d;             // DEC: the computed tag, compared word by word
    // output buffer and bdo (block_out_buffer): one block, one word per cycle (every load is sent;
    // the DEC tag is compared in tag_q, not in the buffer): ob_* and u_ob
    `include "block_out_buffer_send_wiring.vh"
    wire data_st  = (st_q == S_HASH) || (st_q == S_V) || (st_q == S_MSG);

    // Handshake outputs towards the frame: continuous assignments of registers and inputs only
    // (lwc-frame/docs.md, "CipherCore port list").
    assign key_ready      = (st_q == S_IDLE);
    assign bdi_ready      = (st_q == S_IDLE)   ? !key_valid :
                            (st_q == S_NPUB)   ? 1'b1 :
                            data_st            ? (seg_q != SEG_END && !ib_full_q) :
                            (st_q == S_TAG_IO) ? dec_q : 1'b0;
    assign msg_auth_valid = (st_q == S_AUTH);
    assign msg_auth       = (st_q == S_AUTH) && !bad_q;

    // ---- the two AES units (encryption only) ---------------------------------------------------
    reg          cfb_start, prf_start;
    reg  [127:0] cfb_block, prf_block;
    wire         cfb_busy, cfb_last, prf_busy, prf_last;
    wire [127:0] cfb_out, prf_out;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [127:0] cfb_rk, prf_rk;          // the last round key: only an inverse cipher needs it
    /* verilator lint_on UNUSEDSIGNAL */
    // results are registered in the cycle they come (take_i = last_o), so a unit is free the next
    aes128_iter_unit #(.INVERSE(0)) u_cfb (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(cfb_start), .inv_i(1'b0), .block_i(cfb_block),
        .key_i(k_q), .take_i(cfb_last), .busy_o(cfb_busy), .last_o(cfb_last), .out_o(cfb_out),
        .rk_o(cfb_rk));
    aes128_iter_unit #(.INVERSE(0)) u_prf (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(prf_start), .inv_i(1'b0), .block_i(prf_block),
        .key_i(k_q), .take_i(prf_last), .busy_o(prf_busy), .last_o(prf_last), .out_o(prf_out),
        .rk_o(prf_rk));

    // A unit is free for the next job when idle or, with CHAIN_IN_LAST, in its last round; its result
    // is then the round's output (registered into r_q / s_q in the same cycle, as always).
    wire         chain_cfb = CHAIN_IN_LAST && cfb_last;
    wire         chain_prf = CHAIN_IN_LAST && prf_last;
    wire         cfb_free  = !cfb_busy || chain_cfb;
    wire         prf_free  = !prf_busy || chain_prf;
    wire [127:0] r_cur     = chain_cfb ? cfb_out : r_q;
    wire [127:0] s_cur     = chain_prf ? prf_out : s_q;

    // ---- the block maps (golden cloc.py, silc.py) ------------------------------------------------
    // SILC's g(X1, ..., X16) = (X2, ..., X16, X1 ^ X2) on bytes, and Len(X) = |X| as 15 bytes, then 0
    function [127:0] g_silc(input [127:0] x);
        g_silc = {x[119:0], x[127:120] ^ x[119:112]};
    endfunction
    function [127:0] len_block(input [31:0] n);
        len_block = {88'd0, n, 8'd0};
    endfunction
    // CLOC's
    // y(X1, X2, X3, X4) = (X2, X3, X4, X1 ^ X2) on 32-bit words; f2 = g2 = y, g1 = y^2, h = 1 + y,
    // f1 = 1 + y^2
    function [127:0] y_map(input [127:0] x);
        y_map = {x[95:0], x[127:96] ^ x[95:64]};
    endfunction
    function [127:0] f1(input [127:0] x);
        f1 = x ^ y_map(y_map(x));
    endfunction
    function [127:0] h_map(input [127:0] x);
        h_map = x ^ y_map(x);
    endfunction
    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp

    wire [31:0]  bdi_mask = word_mask(bdi_valid_bytes);
    wire [31:0]  bdi_m    = bdi & bdi_mask;
    wire [127:0] ib_pad   = ozp(ib_q, ib_bytes_q);
    wire [127:0] hv       = hflag_q ? h_map(r_cur) : r_cur;                  // the HASH state V
    wire [127:0] hv_n     = hv ^ {PARAM, n_q, 8'h80, 16'd0};            // V ^ ozp(param || N)
    wire [127:0] v_cloc   = adfull_q ? f1(hv_n) : y_map(hv_n);
    wire [127:0] v_msg    = SILC ? (g_silc(r_cur) ^ len_block(adlen_q)) : v_cloc;   // V = HASH_K
    wire [127:0] m_out    = (ib_q ^ r_cur) & byte_mask(ib_bytes_q);       // C (ENC) or M (DEC)
    wire [127:0] c_blk    = dec_q ? ib_q : m_out;                       // the ciphertext block
    wire [127:0] s_c      = s_cur ^ ozp(c_blk, ib_bytes_q);

    always @* begin : next_state
        st_d        = st_q;
        seg_d       = seg_q;
        w_d         = w_q;
        k_d         = k_q;
        n_d         = n_q;
        dec_d       = dec_q;
        bad_d       = bad_q;
        ib_d        = ib_q;
        ib_bytes_d  = ib_bytes_q;
        ib_full_d   = ib_full_q;
        ib_last_d   = ib_last_q;
        first_d     = first_q;
        hflag_d     = hflag_q;
        adfull_d    = adfull_q;
        adlen_d     = adlen_q;
        mlen_d      = mlen_q;
        r_d         = cfb_last ? cfb_out : r_q;
        s_d         = prf_last ? prf_out : s_q;
        ob_load     = 1'b0;
        ob_block    = 128'd0;
        ob_nbytes   = 5'd0;
        ob_type     = 4'b0000;
        tag_d       = tag_q;
        cfb_start   = 1'b0;
        cfb_block   = 128'd0;
        prf_start   = 1'b0;
        prf_block   = 128'd0;


        // ---- data words of AD and message into the input buffer ----
        if (data_st && bdi_valid && bdi_ready) begin
            `include "block_in_word.vh"   // bdi_m into word w_q of ib, its bytes counted
            if (seg_q == SEG_AD) begin
                adlen_d = adlen_q + {29'd0, bdi_size};
            end else begin
                mlen_d = mlen_q + {29'd0, bdi_size};
            end
            if (bdi_eot || w_q == 2'd3) begin                    // a block complete
                ib_full_d = 1'b1;
                ib_last_d = bdi_eot;
                w_d       = 2'd0;
            end
            if (bdi_eot) begin
                seg_d = (seg_q == SEG_AD) ? SEG_MSG : SEG_END;
            end
        end

        case (st_q)
            S_IDLE: begin
                if (key_valid) begin
                    k_d[127 - 32*w_q -: 32] = key;
                    w_d = w_q + 2'd1;
                end else if (bdi_valid) begin
                    dec_d         = decrypt_in;
                    n_d[95:64]    = bdi;
                    w_d           = 2'd1;
                    st_d          = S_NPUB;
                end
            end
            S_NPUB: begin
                if (bdi_valid) begin
                    n_d[95 - 32*w_q -: 32] = bdi;
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd2) begin
                        w_d       = 2'd0;
                        seg_d     = SEG_AD;
                        ib_full_d = 1'b0;
                        first_d   = 1'b1;
                        bad_d     = 1'b0;
                        adlen_d   = 32'd0;
                        mlen_d    = 32'd0;
                        st_d      = S_HASH;
                        if (SILC) begin                          // S = E_K(0^24 || param || N)
                            cfb_start = 1'b1;
                            cfb_block = {24'd0, PARAM, n_q[95:32], bdi};
                        end
                    end
                end
            end
            S_HASH: begin
                // V = E_K(fix0(A[1])) (h(...) if A[1] starts with 1), V = E_K(V ^ A[i])
                // SILC: S = E_K(S ^ zpp(A[i])); an empty A (its size-0 word) has no job
                if (cfb_free && ib_full_q) begin
                    cfb_start = !SILC || ib_bytes_q != 5'd0;
                    cfb_block = SILC ? (r_cur ^ ib_q) : first_q ? {1'b0, ib_pad[126:0]} : (hv ^ ib_pad);
                    hflag_d   = first_q && ib_pad[127];
                    first_d   = 1'b0;
                    ib_full_d = 1'b0;
                    if (ib_last_q) begin
                        adfull_d = (ib_bytes_q == 5'd16);
                        st_d     = S_V;
                    end
                end
            end
            S_V: begin
                // V = f1 / f2(V ^ ozp(param || N)); then E_K(V) and S = E_K(g2(V)), or the tag
                // E_K(g1(V)) of an empty message (its size-0 word is the first block)
                if (cfb_free && ib_full_q) begin
                // SILC: S = E_K(g(V)) in both cases, an empty message closes the PRF at once
                    prf_start = 1'b1;
                    if (ib_last_q && ib_bytes_q == 5'd0) begin
                        prf_block = SILC ? g_silc(v_msg) : y_map(y_map(v_msg));
                        ib_full_d = 1'b0;
                        st_d      = SILC ? S_CLOSE : S_TAG;
                    end else begin
                        prf_block = SILC ? g_silc(v_msg) : y_map(v_msg);
                        cfb_start = 1'b1;
                        cfb_block = v_msg;
                        st_d      = S_MSG;
                    end
                end
            end
            S_MSG: begin
                // C[i] = M[i] ^ E_K(...) (DEC: M[i] = C[i] ^ ...); the next jobs need only C[i]
                if (cfb_free && prf_free && ib_full_q && ob_bytes_q == 5'd0) begin
                    ob_load    = 1'b1;
                    ob_block   = m_out;
                    ob_nbytes  = ib_bytes_q;
                    ob_type    = dec_q ? T_PT : T_CT;
                    ib_full_d  = 1'b0;
                    prf_start  = 1'b1;
                    if (SILC && ib_last_q) begin
                        prf_block = s_cur ^ c_blk;               // S ^ zpp(C[m])
                        st_d      = S_CLOSE;
                    end else if (ib_last_q) begin
                        prf_block = (ib_bytes_q == 5'd16) ? f1(s_c) : y_map(s_c);
                        st_d      = S_TAG;
                    end else begin
                        prf_block = s_c;
                        cfb_start = 1'b1;
                        cfb_block = {1'b1, c_blk[126:0]};
                    end
                end
            end
            S_CLOSE: begin
                // SILC: T = msb_64(E_K(g(S) ^ Len(C)))
                if (prf_free) begin
                    prf_start = 1'b1;
                    prf_block = g_silc(s_cur) ^ len_block(mlen_q);
                    st_d      = S_TAG;
                end
            end
            S_TAG: begin
                // T = msb_64(E_K(...)): ENC sends it, DEC compares the two TAG words
                if (prf_free && ob_bytes_q == 5'd0) begin
                    w_d   = 2'd0;
                    st_d  = S_TAG_IO;
                    tag_d = s_cur[127:64];
                    if (!dec_q) begin
                        ob_load    = 1'b1;
                        ob_block   = s_cur;
                        ob_nbytes  = 5'd8;
                        ob_type    = T_TAG;
                    end
                end
            end
            S_TAG_IO: begin
                if (!dec_q) begin
                    if (ob_bytes_q == 5'd0) begin
                        st_d = S_IDLE;
                    end
                end else if (bdi_valid) begin
                    bad_d = bad_q || (bdi != tag_q[63:32]);
                    tag_d = {tag_q[31:0], 32'd0};
                    w_d   = w_q + 2'd1;
                    if (w_q == 2'd1) begin
                        w_d  = 2'd0;
                        st_d = S_AUTH;
                    end
                end
            end
            default: begin                                          // S_AUTH
                if (msg_auth_ready) begin
                    st_d = S_IDLE;
                end
            end
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q        <= S_IDLE;
            seg_q       <= SEG_AD;
            w_q         <= 2'd0;
            k_q         <= 128'd0;
            n_q         <= 96'd0;
            dec_q       <= 1'b0;
            bad_q       <= 1'b0;
            ib_q        <= 128'd0;
            ib_bytes_q  <= 5'd0;
            ib_full_q   <= 1'b0;
            ib_last_q   <= 1'b0;
            first_q     <= 1'b0;
            hflag_q     <= 1'b0;
            adfull_q    <= 1'b0;
            adlen_q     <= 32'd0;
            mlen_q      <= 32'd0;
            r_q         <= 128'd0;
            s_q         <= 128'd0;
            tag_q       <= 64'd0;
        end else begin
            st_q        <= st_d;
            seg_q       <= seg_d;
            w_q         <= w_d;
            k_q         <= k_d;
            n_q         <= n_d;
            dec_q       <= dec_d;
            bad_q       <= bad_d;
            ib_q        <= ib_d;
            ib_bytes_q  <= ib_bytes_d;
            ib_full_q   <= ib_full_d;
            ib_last_q   <= ib_last_d;
            first_q     <= first_d;
            hflag_q     <= hflag_d;
            adfull_q    <= adfull_d;
            adlen_q     <= adlen_d;
            mlen_q      <= mlen_d;
            r_q         <= r_d;
            s_q         <= s_d;
            tag_q       <= tag_d;
        end
    end
endmodule

`default_nettype wire
