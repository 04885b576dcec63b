`default_nettype none
// ocb3_aes128_core — OCB3 with AES-128 and a 128-bit tag (RFC 7253; SUPERCOP aeadaes128ocbtaglen128v1,
// 12-byte nonce) CipherCore for the LWC frame (designs/lwc-frame/docs.md: the GMU CryptoCore port
// list, CCW = CCSW = 32). Reference: src/cryptohls/golden/ocb3.py.
//
// Per message the frame sends NPUB (3 words), AD (words, or one size-0 word if empty), PT or CT
// (likewise), and for DEC the TAG (4 words); the core answers with CT/PT words on bdo, then for ENC
// the tag (4 words, bdo_type TAG), for DEC msg_auth (1 = tag verified).
//
// One AES-128 unit (designs/aes-modes-common/aes128_iter_unit: one round per cycle, forward and
// inverse, round keys on the fly) runs the jobs of a message in order, 10 cycles each:
//   L_* = E_K(0) once per key (and K10, the last round key, which the inverse cipher starts from,
//   comes out of the same run for free); per message Ktop = E_K(Nonce with the bottom 6 bits cleared),
//   E_K(A_i ^ Offset_i) per AD block, E_K / D_K(M_i ^ Offset_i) per message block (E_K(Offset_*) for
//   a final partial block), and E_K(Checksum ^ Offset ^ L_$) for the tag.
// A one-block input buffer takes the next block's words while the unit works on the current one,
// and a one-block output buffer sends the previous result on bdo, so full AD and message blocks
// follow each other every 10 cycles. L_$ = 2 L_*, L_i = 2^(i+2) L_* come from L_* through
// gf128_mul2pow, so only L_* is stored. No cycle count depends on data, key or tag: only on the
// segment lengths and on the handshakes.

module ocb3_aes128_core #(
    parameter integer CCW = 32   // bdi / bdo bits of the port list: only 32
) (
`include "lwc_cipher_core_ports.vh"
);
    `include "lwc_segment_types.vh"

    localparam [3:0] C_IDLE    = 4'd0;    // key words, or the first NPUB word
    localparam [3:0] C_KEY     = 4'd1;    // L_* = E_K(0) and K10 after a new key
    localparam [3:0] C_NPUB    = 4'd2;    // NPUB words 2 and 3
    localparam [3:0] C_AD      = 4'd3;
    localparam [3:0] C_MSG     = 4'd4;    // PT (ENC) or CT (DEC)
    localparam [3:0] C_FIN     = 4'd5;    // the last blocks, then the tag job
    localparam [3:0] C_TAG_OUT = 4'd6;
    localparam [3:0] C_TAG_IN  = 4'd7;
    localparam [3:0] C_AUTH    = 4'd8;

    localparam [2:0] J_LSTAR = 3'd0;      // the job in the AES unit
    localparam [2:0] J_KTOP  = 3'd1;
    localparam [2:0] J_AD    = 3'd2;      // full or partial AD block
    localparam [2:0] J_MSG   = 3'd3;      // full message block
    localparam [2:0] J_PART  = 3'd4;      // final partial message block: Pad = E_K(Offset_*)
    localparam [2:0] J_TAG   = 3'd5;

    reg [3:0]   st_q, st_d;
    reg [1:0]   w_q, w_d;                 // word index in the key / nonce / block / tag
    reg [127:0] k_q, k_d;                 // key
    reg [127:0] k10_q, k10_d;             // round key 10 (the inverse cipher's first)
    reg [127:0] lstar_q, lstar_d;         // L_*
    reg         dec_q, dec_d;
    reg         bad_q, bad_d;             // DEC: a tag word differed
    reg [5:0]   bottom_q, bottom_d;       // the nonce's last 6 bits
    reg [2:0]   job_q, job_d;
    reg [15:0]  blk_q, blk_d;             // index of the last AD / message block loaded
    // OCB state
    reg [127:0] ad_off_q, ad_off_d;       // HASH's offset
    reg [127:0] sum_q, sum_d;             // HASH's sum
    reg [127:0] off_q, off_d;             // the message's offset
    reg [127:0] chk_q, chk_d;             // checksum
    `include "block_out_buffer_wiring.vh"   // ob_* and u_ob: the output buffer on bdo

    // input buffer (aes-modes-common/rtl/block_in_buffer): one AD or message block (or the first two
    // NPUB words); ib_*, u_ib and bdi_ready
    `include "block_in_buffer_wiring.vh"

    // Handshake outputs towards the frame: continuous assignments of registers and inputs only
    // (lwc-frame/docs.md, "CipherCore port list"); bdi_ready: block_in_buffer_wiring.vh
    assign key_ready      = (st_q == C_IDLE);
    assign msg_auth_valid = (st_q == C_AUTH);
    assign msg_auth       = (st_q == C_AUTH) && !bad_q;

    // ---- AES unit and the offsets -------------------------------------------------------------
    reg          aes_start, aes_inv, aes_take;
    reg  [127:0] aes_block, aes_key;
    wire         aes_busy, aes_last;
    wire [127:0] aes_out, aes_rk;
    aes128_iter_unit #(.INVERSE(1)) u_aes (
        .clk_i(clk_i), .rst_i(rst_i), .start_i(aes_start), .inv_i(aes_inv), .block_i(aes_block),
        .key_i(aes_key), .take_i(aes_take), .busy_o(aes_busy), .last_o(aes_last), .out_o(aes_out),
        .rk_o(aes_rk));

    // ntz(i) of the next block index i = blk_q + 1 (i <= 4096: a segment has at most 65535 bytes)
    wire [15:0] blk_next = blk_q + 16'd1;
    reg  [3:0]  ntz;
    always @* begin : trailing_zeros
        integer b;
        ntz = 4'd0;
        for (b = 11; b >= 0; b = b - 1) begin
            if (blk_next[b]) ntz = b[3:0];
        end
    end

    // L = L_* * 2^k: k = 1 (L_$, the tag job: C_FIN with every block loaded), 0 (L_*, a partial
    // block), ntz + 2 (L_ntz(i), a full block); from registers only, as the loads it serves
    wire         ib_part = (ib_bytes_q != 5'd16);
    wire [3:0]   l_pow   = (st_q == C_FIN && !ib_full_q) ? 4'd1 : ib_part ? 4'd0 : ntz + 4'd2;
    wire [127:0] l_sel;
    gf128_mul2pow u_l (.x_i(lstar_q), .k_i(l_pow), .y_o(l_sel));

    `include "lwc_core_functions.vh"   // bswap32, word_mask, byte_mask, pad10, ozp

    // Stretch = Ktop || (Ktop[1..64] ^ Ktop[9..72]); Offset_0 = Stretch[1+bottom .. 128+bottom]
    wire [191:0] stretch  = {aes_out, aes_out[127:64] ^ aes_out[119:56]};
    wire [127:0] offset0  = stretch[8'd191 - {2'b00, bottom_q} -: 128];
    // the final partial message block: ib ^ Pad, on its valid bytes
    wire [127:0] part_out = (ib_q ^ aes_out) & byte_mask(ib_bytes_q);
    // a full message block: C_i = Offset_i ^ E_K(P_i ^ Offset_i) (or P_i, D_K), and the checksum
    // with P_i (DEC); the tag
    wire [127:0] msg_out  = aes_out ^ off_q;
    wire [127:0] chk_dec  = chk_q ^ aes_out ^ off_q;
    wire [127:0] tag_out  = aes_out ^ sum_q;

    always @* begin : next_state
        reg        done;                 // the unit's result is taken this cycle
        reg        may_load;             // a block may go into the unit this cycle
        reg [127:0] off_base;
        st_d        = st_q;
        w_d         = w_q;
        k_d         = k_q;
        k10_d       = k10_q;
        lstar_d     = lstar_q;
        dec_d       = dec_q;
        bad_d       = bad_q;
        bottom_d    = bottom_q;
        job_d       = job_q;
        ib_take     = 1'b0;
        ib_set      = 1'b0;
        ib_set_idx  = w_q;
        blk_d       = blk_q;
        ad_off_d    = ad_off_q;
        sum_d       = sum_q;
        off_d       = off_q;
        chk_d       = chk_q;
        ob_load     = 1'b0;
        ob_block    = 128'd0;
        ob_nbytes   = 5'd0;
        ob_mode     = 1'b0;
        ob_send     = 1'b0;
        ob_type     = 4'b0000;
        ob_shift    = 1'b0;
        aes_start   = 1'b0;
        aes_inv     = 1'b0;
        aes_block   = 128'd0;
        aes_key     = k_q;
        aes_take    = 1'b0;

        // ---- the AES unit's result ----
        done = 1'b0;
        if (aes_last) begin
            case (job_q)
                J_LSTAR: begin
                    done    = 1'b1;
                    lstar_d = aes_out;
                    k10_d   = aes_rk;
                end
                J_KTOP: begin
                    done  = 1'b1;
                    off_d = offset0;
                end
                J_AD: begin
                    done  = 1'b1;
                    sum_d = sum_q ^ aes_out;
                end
                default: begin                // a result for bdo or the tag: the buffer must be free
                    if (ob_bytes_q == 5'd0) begin
                        `include "block_result_out.vh"   // msg_out, part_out or tag_out into the buffer
                    end
                end
            endcase
        end
        aes_take = done;

        // ---- a block from the input buffer into the unit: while it is idle, or right after a full
        // AD / message block (whose result needs nothing the next load changes) ----
        may_load = !aes_busy || (done && (job_q == J_AD || job_q == J_MSG));
        off_base = ib_ad_q ? ad_off_q : off_q;
        if (ib_full_q && may_load && !(aes_busy && job_q == J_PART)) begin
            aes_start = 1'b1;
            // Offset_i = Offset_(i-1) ^ L_ntz(i); Offset_* = Offset_m ^ L_* (l_sel)
            if (ib_ad_q) begin
                ad_off_d  = off_base ^ l_sel;
                aes_block = (ib_part ? pad10(ib_q, ib_bytes_q) : ib_q) ^ off_base ^ l_sel;
                job_d     = J_AD;
                ib_take   = 1'b1;
            end else if (ib_part) begin
                off_d     = off_base ^ l_sel;
                aes_block = off_base ^ l_sel;                     // Pad = E_K(Offset_*); ib waits for it
                job_d     = J_PART;
            end else begin
                off_d     = off_base ^ l_sel;
                aes_block = ib_q ^ off_base ^ l_sel;
                aes_inv   = dec_q;
                aes_key   = dec_q ? k10_q : k_q;
                job_d     = J_MSG;
                ib_take   = 1'b1;
                if (!dec_q) chk_d = chk_q ^ ib_q;                // Checksum ^= P_i
            end
            blk_d = (ib_ad_q && ib_last_q) ? 16'd0 : blk_next;   // the message counts from 1 again
        end

        // ---- control and word path ----
        case (st_q)
            C_IDLE: begin
                if (key_valid) begin
                    k_d[127 - 32*w_q -: 32] = key;
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        aes_start = 1'b1;                         // L_* = E_K(0^128), the new key
                        aes_block = 128'd0;
                        aes_key   = {k_q[127:32], key};
                        job_d     = J_LSTAR;
                        st_d      = C_KEY;
                    end
                end else if (bdi_valid) begin
                    dec_d  = decrypt_in;
                    ib_set = 1'b1;                                // nonce word 0 into ib
                    ib_set_idx = 2'd0;
                    w_d    = 2'd1;
                    st_d   = C_NPUB;
                end
            end
            C_KEY: begin
                if (done) begin
                    st_d = C_IDLE;
                end
            end
            C_NPUB: begin
                if (bdi_valid) begin
                    ib_set = 1'b1;                                // nonce word w_q into ib
                    w_d = w_q + 2'd1;
                    if (w_q == 2'd2) begin
                        // Ktop = E_K(0^31 || 1 || N with its last 6 bits cleared); bottom = those bits
                        aes_start  = 1'b1;
                        aes_block  = {32'd1, ib_q[127:64], bdi[31:6], 6'd0};
                        job_d      = J_KTOP;
                        bottom_d   = bdi[5:0];
                        w_d        = 2'd0;
                        blk_d      = 16'd0;
                        ad_off_d   = 128'd0;
                        sum_d      = 128'd0;
                        chk_d      = 128'd0;
                        bad_d      = 1'b0;
                        st_d       = C_AD;
                    end
                end
            end
            `include "block_in_states.vh"    // C_AD, C_MSG: the segments' words into the input buffer
            C_FIN: begin
                // every block done (the unit idle, so the checksum is complete): the tag job,
                // E_K(Checksum ^ Offset ^ L_$)
                if (!ib_full_q && !aes_busy) begin
                    aes_start = 1'b1;
                    aes_block = chk_q ^ off_q ^ l_sel;                  // l_sel = L_$
                    job_d     = J_TAG;
                end
            end
            `include "block_tag_states.vh"   // C_TAG_OUT, C_TAG_IN, C_AUTH
            default: st_d = C_IDLE;
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            st_q        <= C_IDLE;
            w_q         <= 2'd0;
            k_q         <= 128'd0;
            k10_q       <= 128'd0;
            lstar_q     <= 128'd0;
            dec_q       <= 1'b0;
            bad_q       <= 1'b0;
            bottom_q    <= 6'd0;
            job_q       <= J_LSTAR;
            blk_q       <= 16'd0;
            ad_off_q    <= 128'd0;
            sum_q       <= 128'd0;
            off_q       <= 128'd0;
            chk_q       <= 128'd0;
        end else begin
            st_q        <= st_d;
            w_q         <= w_d;
            k_q         <= k_d;
            k10_q       <= k10_d;
            lstar_q     <= lstar_d;
            dec_q       <= dec_d;
            bad_q       <= bad_d;
            bottom_q    <= bottom_d;
            job_q       <= job_d;
            blk_q       <= blk_d;
            ad_off_q    <= ad_off_d;
            sum_q       <= sum_d;
            off_q       <= off_d;
            chk_q       <= chk_d;
        end
    end
endmodule

`default_nettype wire
