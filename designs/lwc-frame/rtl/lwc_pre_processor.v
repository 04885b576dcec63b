`default_nettype none
// lwc_pre_processor — PreProcessor of the LWC frame (designs/lwc-frame/docs.md, DESIGN.md §6).
// Parses the public (pdi) and secret (sdi) input of the GMU / CAESAR / NIST LWC hardware API (W = 32):
// sdi: LDKEY + KEY segment into a key load register; pdi: ACTKEY hands that key to the CipherCore
// (key / key_valid / key_ready / key_update); ENC / DEC: NPUB, AD, PT|CT and (DEC) TAG segments,
// passed to the CipherCore as bdi words with their type, size, valid bytes, pad location, EOT and
// EOI (bytes past a segment's end zeroed; an empty AD or PT/CT segment as one word of size 0).
// For every command it queues in the header FIFO what the PostProcessor needs: the output segment
// header, the end of a decryption's input (tag follows), or a FAILURE. A malformed command is
// ended for the CipherCore with empty segments (and an all-zero tag for DEC), so the core always
// finishes the message it started; the PostProcessor discards that output (docs.md, "Errors").
// HASH (only with HASH_EN = 1, for a CipherCore with a hash mode): one HASH_MSG segment passed as
// bdi words with hash_in = 1 (an empty message as one size-0 word); the PostProcessor sends the
// HASH_VALUE header, the core's HASH_BYTES digest bytes and SUCCESS. With HASH_EN = 0 a HASH
// instruction gives FAILURE.
// The key never leaves this module except on the CipherCore's key port.
// Sizes: KEY_BYTES, NPUB_BYTES, TAG_BYTES are any byte counts (docs.md, "Sizes"); the key is
// ceil(KEY_BYTES / 4) words on sdi and on the key port, the last one zero past the key's end.
// Widths (docs.md, "Bus width W"): pdi is W bits (instructions and headers in bits [W-1:W-32], the rest
// zero; data big-endian, byte 0 in [W-1:W-8]); sdi and the key port stay 32 bits; bdi is CCW bits
// (CCW divides W): each pdi data word is split into up to W/CCW bdi words, stopping at the segment's end.

module lwc_pre_processor #(
    parameter integer KEY_BYTES     = 16,    // KEY segment length on sdi (LDKEY)
    parameter integer NPUB_BYTES    = 16,
    parameter integer TAG_BYTES     = 16,
    parameter integer DEC_MAX_BYTES = 2048,  // longest CT segment a DEC may carry (PostProcessor buffer)
    parameter integer HASH_EN       = 0,     // 1: the CipherCore has a hash mode (HASH accepted)
    parameter integer HASH_BYTES    = 32,    // digest length (HASH_VALUE output segment)
    parameter integer W             = 32,    // pdi width (a multiple of 32)
    parameter integer CCW           = 32     // CipherCore data width (bdi), divides W
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // LWC API, public and secret input
    input  wire [W-1:0] pdi_data,
    input  wire        pdi_valid,
    output reg         pdi_ready,
    input  wire [31:0] sdi_data,
    input  wire        sdi_valid,
    output reg         sdi_ready,
    // CipherCore side (GMU CryptoCore names)
    output wire [31:0] key,
    output wire        key_valid,
    input  wire        key_ready,
    output wire        key_update,
    output wire [CCW-1:0] bdi,
    output wire        bdi_valid,
    input  wire        bdi_ready,
    output wire [CCW/8-1:0] bdi_pad_loc,          // CCW/8 byte lanes
    output wire [CCW/8-1:0] bdi_valid_bytes,
    output wire [$clog2(CCW/8+1)-1:0] bdi_size,   // 0 .. CCW/8 bytes
    output wire        bdi_eot,
    output wire        bdi_eoi,
    output wire [3:0]  bdi_type,
    output wire        decrypt_in,
    output wire        hash_in,
    // header FIFO write side: {kind[1:0], word[31:0]}
    output reg         hdr_valid_o,
    input  wire        hdr_ready_i,
    output reg  [33:0] hdr_data_o
);
    // ---- protocol constants (DESIGN.md §6) ----
    localparam [31:0] INS_ENC    = 32'h2000_0000;
    localparam [31:0] INS_DEC    = 32'h3000_0000;
    localparam [31:0] INS_LDKEY  = 32'h4000_0000;
    localparam [31:0] INS_ACTKEY = 32'h7000_0000;
    localparam [31:0] INS_HASH   = 32'h8000_0000;
    localparam [3:0]  T_AD   = 4'b0001;
    localparam [3:0]  T_PT   = 4'b0100;
    localparam [3:0]  T_CT   = 4'b0101;
    localparam [3:0]  T_HMSG = 4'b0111;   // HASH_MSG
    localparam [3:0]  T_HVAL = 4'b1001;   // HASH_VALUE (output)
    localparam [3:0]  T_TAG  = 4'b1000;
    localparam [3:0]  T_KEY  = 4'b1100;
    localparam [3:0]  T_NPUB = 4'b1101;
    // header FIFO entry kinds (docs.md, "Header FIFO")
    localparam [1:0]  K_OUTHDR      = 2'b00;
    localparam [1:0]  K_FAIL_NOCORE = 2'b01;
    localparam [1:0]  K_FAIL_CORE   = 2'b10;
    localparam [1:0]  K_END_OK      = 2'b11;

    localparam [15:0] KEY_LEN  = KEY_BYTES[15:0];
    localparam [15:0] NPUB_LEN = NPUB_BYTES[15:0];
    localparam [15:0] TAG_LEN  = TAG_BYTES[15:0];
    localparam [31:0] DEC_MAX  = DEC_MAX_BYTES;
    localparam        HASH_ON  = (HASH_EN != 0);
    // HASH_VALUE output header: EOI = 0, EOT = 1, Last = 1, length HASH_BYTES
    localparam [31:0] HVAL_HDR = {T_HVAL, 4'b0011, 8'h00, HASH_BYTES[15:0]};

    // ---- bus widths ----
    localparam integer NB = CCW / 8;               // bdi byte lanes
    localparam integer SB = $clog2(NB + 1);        // bdi_size bits
    localparam integer R  = W / CCW;               // bdi words per pdi word
    localparam integer PB = (R > 1) ? $clog2(R) : 1;
    localparam [SB-1:0] SIZE_FULL = NB[SB-1:0];
    localparam [15:0]   LANES     = NB[15:0];
    localparam [NB-1:0] PL_EMPTY  = {1'b1, {(NB-1){1'b0}}};   // pad location of an empty segment's word
    localparam integer R_LAST = R - 1;
    localparam [PB-1:0] PART_LAST = R_LAST[PB-1:0];

    // ---- key words (32 bits on sdi and on the key port) ----
    localparam integer KW = (KEY_BYTES + 3) / 4;                   // key words
    localparam integer KB = (KW > 1) ? $clog2(KW) : 1;             // key word index bits
    localparam integer KW_LAST = KW - 1;
    localparam [KB-1:0] KEY_LAST = KW_LAST[KB-1:0];
    localparam integer KEY_TAIL = KEY_BYTES - 4 * KW_LAST;         // bytes in the last key word, 1..4
    // the last key word keeps its KEY_TAIL bytes (the first lanes); the host's pad bytes are zeroed,
    // as bytes past a segment's end are on bdi (all ones when KEY_BYTES is a multiple of 4)
    localparam [31:0] KEY_LAST_MASK = ~(32'hFFFF_FFFF >> (8 * KEY_TAIL));

    // ---- pdi states ----
    localparam [3:0] P_INST    = 4'd0;
    localparam [3:0] P_ACT     = 4'd1;
    localparam [3:0] P_ACT_KEY = 4'd2;
    localparam [3:0] P_NPUB_H  = 4'd3;
    localparam [3:0] P_NPUB_D  = 4'd4;
    localparam [3:0] P_AD_H    = 4'd5;
    localparam [3:0] P_AD_D    = 4'd6;
    localparam [3:0] P_MSG_H   = 4'd7;
    localparam [3:0] P_MSG_D   = 4'd8;
    localparam [3:0] P_TAG_H   = 4'd9;
    localparam [3:0] P_TAG_D   = 4'd10;
    localparam [3:0] P_FLUSH   = 4'd11;
    localparam [3:0] P_DISCARD = 4'd12;
    localparam [3:0] P_HMSG_H  = 4'd13;

    // ---- sdi states and key load register states ----
    localparam [1:0] S_INST = 2'd0;
    localparam [1:0] S_HDR  = 2'd1;
    localparam [1:0] S_DATA = 2'd2;
    localparam [1:0] KL_EMPTY = 2'd0;
    localparam [1:0] KL_GOOD  = 2'd1;
    localparam [1:0] KL_BAD   = 2'd2;

    reg [3:0]   pst_q, pst_d;
    reg         dec_q, dec_d;            // current command is DEC
    reg         hash_q, hash_d;          // current command is HASH
    reg         key_active_q, key_active_d;
    reg [15:0]  cnt_q, cnt_d;            // bytes left in the current data segment
    reg         eoi_q, eoi_d;            // EOI flag of the current segment
    reg [KB-1:0] kidx_q, kidx_d;         // key word index of the transfer to the core
    reg [KB-1:0] sidx_q, sidx_d;         // key word index of the sdi load
    reg         fl_ad_q, fl_ad_d;        // flush: empty AD still to send
    reg         fl_msg_q, fl_msg_d;      // flush: empty PT/CT still to send
    reg         fl_tag_q, fl_tag_d;      // flush: zero tag words still to send (cnt_q bytes)
    reg         fl_trunc_q, fl_trunc_d;  // flush ends in P_INST (truncation) instead of P_DISCARD
    reg [1:0]   sst_q, sst_d;
    reg [1:0]   kl_st_q, kl_st_d;
    reg [32*KW-1:0] kl_q, kl_d;          // key load register, word 0 in the top bits
    // bdi output register
    reg [PB-1:0] part_q, part_d;         // bdi word of the current pdi data word (W > CCW)
    reg [CCW-1:0] bdi_q, bdi_d;
    reg         bdi_valid_q, bdi_valid_d;
    reg [NB-1:0] bdi_vb_q, bdi_vb_d;
    reg [NB-1:0] bdi_pl_q, bdi_pl_d;
    reg [SB-1:0] bdi_size_q, bdi_size_d;
    reg         bdi_eot_q, bdi_eot_d;
    reg         bdi_eoi_q, bdi_eoi_d;
    reg [3:0]   bdi_type_q, bdi_type_d;
    reg         bdi_dec_q, bdi_dec_d;    // decrypt_in: the command the bdi word belongs to
    reg         bdi_hash_q, bdi_hash_d;  // hash_in: likewise

    assign bdi             = bdi_q;
    assign bdi_valid       = bdi_valid_q;
    assign bdi_valid_bytes = bdi_vb_q;
    assign bdi_pad_loc     = bdi_pl_q;
    assign bdi_size        = bdi_size_q;
    assign bdi_eot         = bdi_eot_q;
    assign bdi_eoi         = bdi_eoi_q;
    assign bdi_type        = bdi_type_q;
    assign decrypt_in      = bdi_dec_q;
    assign hash_in         = bdi_hash_q;
    // Outputs to the CipherCore are registers or continuous assignments (never default-then-override
    // in an always block), so that they do not glitch in zero-delay simulation (docs.md).
    assign key_valid       = (pst_q == P_ACT_KEY);
    assign key_update      = key_valid;
    assign key             = key_valid ? kl_q[32*KW-1 - 32*kidx_q -: 32] : 32'h0000_0000;

    // The bdi register can take a word this cycle.
    wire bdi_free = !bdi_valid_q || bdi_ready;

    // ---- word classification ----
    // An instruction or header is the 32-bit word in [W-1:W-32]; the bits below must be zero.
    wire [31:0] pdi_word  = pdi_data[W-1:W-32];
    wire        pdi_low0  = ((pdi_data << 32) == {W{1'b0}});
    wire        pdi_is_ins = pdi_low0 && ((pdi_word == INS_ENC) || (pdi_word == INS_DEC) ||
                             (pdi_word == INS_LDKEY) || (pdi_word == INS_ACTKEY) || (pdi_word == INS_HASH));
    wire [3:0]  h_type    = pdi_word[31:28];
    wire        h_eoi     = pdi_word[26];
    wire        h_last    = pdi_word[24];
    wire [15:0] h_len     = pdi_word[15:0];
    wire        h_plain   = !pdi_word[27] && (pdi_word[23:16] == 8'h00) && pdi_low0;   // Partial = 0, reserved = 0

    // bdi word of a segment with cnt_q bytes left: size, valid bytes (the first seg_size lanes), pad
    // location (the lane after the last valid byte; none for a full word), zeroed tail.
    wire          seg_last  = (cnt_q <= LANES);
    wire [SB-1:0] seg_size  = seg_last ? cnt_q[SB-1:0] : SIZE_FULL;
    wire [NB-1:0] seg_vb    = ~({NB{1'b1}} >> seg_size);
    wire [NB-1:0] seg_pl    = PL_EMPTY >> seg_size;
    wire [CCW-1:0] seg_mask;
    genvar lane;
    generate
        for (lane = 0; lane < NB; lane = lane + 1) begin : g_mask
            assign seg_mask[8*lane +: 8] = {8{seg_vb[lane]}};
        end
    endgenerate
    // the part-th CCW-bit piece of the pdi word (piece 0 in the top bits); the pdi word is taken
    // with its last piece that carries segment bytes. At W = CCW the piece is the word (constant
    // part 0, so no piece logic is left).
    wire [PB-1:0]  part      = (R > 1) ? part_q : {PB{1'b0}};
    wire [CCW-1:0] pdi_piece = pdi_data[W-1 - CCW*part -: CCW];
    wire           piece_end = (R == 1) || seg_last || (part == PART_LAST);

    always @* begin : next_state
        pst_d        = pst_q;
        dec_d        = dec_q;
        hash_d       = hash_q;
        key_active_d = key_active_q;
        cnt_d        = cnt_q;
        eoi_d        = eoi_q;
        kidx_d       = kidx_q;
        part_d       = part_q;
        sidx_d       = sidx_q;
        fl_ad_d      = fl_ad_q;
        fl_msg_d     = fl_msg_q;
        fl_tag_d     = fl_tag_q;
        fl_trunc_d   = fl_trunc_q;
        sst_d        = sst_q;
        kl_st_d      = kl_st_q;
        kl_d         = kl_q;
        bdi_d        = bdi_q;
        bdi_valid_d  = bdi_valid_q && !bdi_ready;
        bdi_vb_d     = bdi_vb_q;
        bdi_pl_d     = bdi_pl_q;
        bdi_size_d   = bdi_size_q;
        bdi_eot_d    = bdi_eot_q;
        bdi_eoi_d    = bdi_eoi_q;
        bdi_type_d   = bdi_type_q;
        bdi_dec_d    = bdi_dec_q;
        bdi_hash_d   = bdi_hash_q;
        pdi_ready    = 1'b0;
        sdi_ready    = 1'b0;
        hdr_valid_o  = 1'b0;
        hdr_data_o   = 34'd0;

        // ---------------- pdi ----------------
        case (pst_q)
            P_INST: begin
                pdi_ready = hdr_ready_i;
                if (pdi_valid && hdr_ready_i) begin
                    if (pdi_low0 && pdi_word == INS_ACTKEY) begin
                        pst_d = P_ACT;
                    end else if (pdi_low0 && (pdi_word == INS_ENC || pdi_word == INS_DEC) && key_active_q) begin
                        dec_d  = pdi_word[28];
                        hash_d = 1'b0;
                        pst_d  = P_NPUB_H;
                    end else if (pdi_low0 && pdi_word == INS_HASH && HASH_ON) begin
                        // no key needed
                        dec_d  = 1'b0;
                        hash_d = 1'b1;
                        pst_d  = P_HMSG_H;
                    end else begin
                        // unknown / unsupported instruction, or ENC/DEC without a usable key
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_FAIL_NOCORE, 32'h0000_0000};
                        pst_d       = P_DISCARD;
                    end
                end
            end
            P_ACT: begin
                // wait for a complete LDKEY on sdi
                if (kl_st_q == KL_GOOD) begin
                    kidx_d = {KB{1'b0}};
                    pst_d  = P_ACT_KEY;
                end else if (kl_st_q == KL_BAD) begin
                    key_active_d = 1'b0;
                    kl_st_d      = KL_EMPTY;
                    pst_d        = P_INST;
                end
            end
            P_ACT_KEY: begin
                if (key_ready) begin
                    kidx_d = kidx_q + 1'b1;
                    if (kidx_q == KEY_LAST) begin
                        kl_d         = {32*KW{1'b0}};
                        kl_st_d      = KL_EMPTY;
                        key_active_d = 1'b1;
                        pst_d        = P_INST;
                    end
                end
            end
            P_NPUB_H: begin
                pdi_ready = hdr_ready_i && !pdi_is_ins;
                if (pdi_valid && hdr_ready_i) begin
                    if (!pdi_is_ins && h_type == T_NPUB && h_plain && !h_last && h_len == NPUB_LEN) begin
                        cnt_d = h_len;
                        eoi_d = h_eoi;
                        pst_d = P_NPUB_D;
                    end else begin
                        // the core has not started: FAILURE only
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_FAIL_NOCORE, 32'h0000_0000};
                        pst_d       = pdi_is_ins ? P_INST : P_DISCARD;
                    end
                end
            end
            P_HMSG_H: begin
                // HASH: one HASH_MSG segment (Last = 1, any length); the core has not started
                pdi_ready = hdr_ready_i && bdi_free && !pdi_is_ins;
                if (pdi_valid && hdr_ready_i && bdi_free) begin
                    if (!pdi_is_ins && h_type == T_HMSG && h_plain && h_last) begin
                        cnt_d       = h_len;
                        eoi_d       = h_eoi;
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_OUTHDR, HVAL_HDR};
                        if (h_len == 16'd0) begin
                            bdi_valid_d = 1'b1;
                            bdi_d       = {CCW{1'b0}};
                            bdi_vb_d    = {NB{1'b0}};
                            bdi_pl_d    = PL_EMPTY;
                            bdi_size_d  = {SB{1'b0}};
                            bdi_eot_d   = 1'b1;
                            bdi_eoi_d   = h_eoi;
                            bdi_type_d  = T_HMSG;
                            pst_d       = P_INST;
                        end else begin
                            pst_d = P_MSG_D;
                        end
                    end else begin
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_FAIL_NOCORE, 32'h0000_0000};
                        pst_d       = pdi_is_ins ? P_INST : P_DISCARD;
                    end
                end
            end
            P_AD_H, P_MSG_H, P_TAG_H: begin
                pdi_ready = hdr_ready_i && bdi_free && !pdi_is_ins;
                if (pdi_valid && hdr_ready_i && bdi_free) begin
                    if (pst_q == P_AD_H && !pdi_is_ins && h_type == T_AD && h_plain && !h_last) begin
                        cnt_d = h_len;
                        eoi_d = h_eoi;
                        if (h_len == 16'd0) begin
                            bdi_valid_d = 1'b1;
                            bdi_d       = {CCW{1'b0}};
                            bdi_vb_d    = {NB{1'b0}};
                            bdi_pl_d    = PL_EMPTY;
                            bdi_size_d  = {SB{1'b0}};
                            bdi_eot_d   = 1'b1;
                            bdi_eoi_d   = h_eoi;
                            bdi_type_d  = T_AD;
                            pst_d       = P_MSG_H;
                        end else begin
                            pst_d = P_AD_D;
                        end
                    end else if (pst_q == P_MSG_H && !pdi_is_ins && h_type == (dec_q ? T_CT : T_PT) &&
                                 h_plain && (h_last == !dec_q) &&
                                 (!dec_q || {16'd0, h_len} <= DEC_MAX)) begin
                        cnt_d       = h_len;
                        eoi_d       = h_eoi;
                        // output header: PT <-> CT, EOI = EOT = 1, Last only for DEC (a TAG follows ENC)
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_OUTHDR, (dec_q ? T_PT : T_CT), 1'b0, 1'b1, 1'b1, dec_q, 8'h00, h_len};
                        if (h_len == 16'd0) begin
                            bdi_valid_d = 1'b1;
                            bdi_d       = {CCW{1'b0}};
                            bdi_vb_d    = {NB{1'b0}};
                            bdi_pl_d    = PL_EMPTY;
                            bdi_size_d  = {SB{1'b0}};
                            bdi_eot_d   = 1'b1;
                            bdi_eoi_d   = h_eoi;
                            bdi_type_d  = h_type;
                            pst_d       = dec_q ? P_TAG_H : P_INST;
                        end else begin
                            pst_d = P_MSG_D;
                        end
                    end else if (pst_q == P_TAG_H && !pdi_is_ins && h_type == T_TAG && h_plain && h_last &&
                                 h_len == TAG_LEN) begin
                        cnt_d       = h_len;
                        eoi_d       = h_eoi;
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_END_OK, 32'h0000_0000};
                        pst_d       = P_TAG_D;
                    end else begin
                        // malformed or truncated after the core has started: finish the core's
                        // message with empty segments (and a zero tag for DEC), then FAILURE
                        hdr_valid_o = 1'b1;
                        hdr_data_o  = {K_FAIL_CORE, 3'b001, dec_q, 28'h000_0000};
                        fl_ad_d     = (pst_q == P_AD_H);
                        fl_msg_d    = (pst_q != P_TAG_H);
                        fl_tag_d    = dec_q;
                        cnt_d       = TAG_LEN;
                        fl_trunc_d  = pdi_is_ins;
                        pst_d       = P_FLUSH;
                    end
                end
            end
            P_NPUB_D, P_AD_D, P_MSG_D, P_TAG_D: begin
                pdi_ready = bdi_free && piece_end;
                if (pdi_valid && bdi_free) begin
                    part_d      = piece_end ? {PB{1'b0}} : part + 1'b1;
                    bdi_valid_d = 1'b1;
                    bdi_d       = pdi_piece & seg_mask;
                    bdi_vb_d    = seg_vb;
                    bdi_pl_d    = seg_pl;
                    bdi_size_d  = seg_size;
                    bdi_eot_d   = seg_last;
                    bdi_eoi_d   = seg_last && eoi_q;
                    cnt_d       = seg_last ? 16'd0 : cnt_q - LANES;
                    case (pst_q)
                        P_NPUB_D: bdi_type_d = T_NPUB;
                        P_AD_D:   bdi_type_d = T_AD;
                        P_MSG_D:  bdi_type_d = hash_q ? T_HMSG : (dec_q ? T_CT : T_PT);
                        default:  bdi_type_d = T_TAG;
                    endcase
                    if (seg_last) begin
                        case (pst_q)
                            P_NPUB_D: pst_d = P_AD_H;
                            P_AD_D:   pst_d = P_MSG_H;
                            P_MSG_D:  pst_d = dec_q ? P_TAG_H : P_INST;
                            default:  pst_d = P_INST;
                        endcase
                    end
                end
            end
            P_FLUSH: begin
                if (bdi_free) begin
                    bdi_d    = {CCW{1'b0}};
                    bdi_eoi_d = 1'b1;
                    if (fl_ad_q || fl_msg_q) begin
                        bdi_valid_d = 1'b1;
                        bdi_vb_d    = {NB{1'b0}};
                        bdi_pl_d    = PL_EMPTY;
                        bdi_size_d  = {SB{1'b0}};
                        bdi_eot_d   = 1'b1;
                        bdi_type_d  = fl_ad_q ? T_AD : (dec_q ? T_CT : T_PT);
                        if (fl_ad_q) begin
                            fl_ad_d = 1'b0;
                        end else begin
                            fl_msg_d = 1'b0;
                        end
                    end else if (fl_tag_q) begin
                        // an all-zero tag of TAG_BYTES (cnt_q bytes left)
                        bdi_valid_d = 1'b1;
                        bdi_vb_d    = seg_vb;
                        bdi_pl_d    = seg_pl;
                        bdi_size_d  = seg_size;
                        bdi_eot_d   = seg_last;
                        bdi_type_d  = T_TAG;
                        cnt_d       = seg_last ? 16'd0 : cnt_q - LANES;
                        fl_tag_d    = !seg_last;
                    end else begin
                        pst_d = fl_trunc_q ? P_INST : P_DISCARD;
                    end
                end
            end
            P_DISCARD: begin
                // after a FAILURE: drop words up to the next instruction word (not consumed)
                pdi_ready = !pdi_is_ins;
                if (pdi_valid && pdi_is_ins) begin
                    pst_d = P_INST;
                end
            end
            default: pst_d = P_INST;
        endcase

        // A new bdi word carries its own command's DEC / HASH flags (the parser may already be on the
        // next command while the word waits for the core).
        if (bdi_valid_d && bdi_free) begin
            bdi_dec_d  = dec_q;
            bdi_hash_d = hash_q;
        end

        // ---------------- sdi ----------------
        case (sst_q)
            S_INST: begin
                // a loaded key is held until an ACTKEY takes it
                sdi_ready = (kl_st_q == KL_EMPTY);
                if (sdi_valid && kl_st_q == KL_EMPTY && sdi_data == INS_LDKEY) begin
                    sst_d = S_HDR;
                end
            end
            S_HDR: begin
                sdi_ready = (sdi_data != INS_LDKEY);
                if (sdi_valid) begin
                    if (sdi_data[31:28] == T_KEY && !sdi_data[27] && sdi_data[23:16] == 8'h00 &&
                        sdi_data[15:0] == KEY_LEN) begin
                        sidx_d = {KB{1'b0}};
                        sst_d  = S_DATA;
                    end else begin
                        kl_st_d = KL_BAD;   // activated as "no usable key"
                        sst_d   = S_INST;
                    end
                end
            end
            S_DATA: begin
                sdi_ready = 1'b1;
                if (sdi_valid) begin
                    kl_d[32*KW-1 - 32*sidx_q -: 32] = (sidx_q == KEY_LAST) ? (sdi_data & KEY_LAST_MASK) : sdi_data;
                    sidx_d = sidx_q + 1'b1;
                    if (sidx_q == KEY_LAST) begin
                        kl_st_d = KL_GOOD;
                        sst_d   = S_INST;
                    end
                end
            end
            default: sst_d = S_INST;
        endcase
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            pst_q        <= P_INST;
            dec_q        <= 1'b0;
            hash_q       <= 1'b0;
            key_active_q <= 1'b0;
            cnt_q        <= 16'd0;
            eoi_q        <= 1'b0;
            kidx_q       <= {KB{1'b0}};
            part_q       <= {PB{1'b0}};
            sidx_q       <= {KB{1'b0}};
            fl_ad_q      <= 1'b0;
            fl_msg_q     <= 1'b0;
            fl_tag_q     <= 1'b0;
            fl_trunc_q   <= 1'b0;
            sst_q        <= S_INST;
            kl_st_q      <= KL_EMPTY;
            kl_q         <= {32*KW{1'b0}};
            bdi_q        <= {CCW{1'b0}};
            bdi_valid_q  <= 1'b0;
            bdi_vb_q     <= {NB{1'b0}};
            bdi_pl_q     <= {NB{1'b0}};
            bdi_size_q   <= {SB{1'b0}};
            bdi_eot_q    <= 1'b0;
            bdi_eoi_q    <= 1'b0;
            bdi_type_q   <= 4'b0000;
            bdi_dec_q    <= 1'b0;
            bdi_hash_q   <= 1'b0;
        end else begin
            pst_q        <= pst_d;
            dec_q        <= dec_d;
            hash_q       <= hash_d;
            key_active_q <= key_active_d;
            cnt_q        <= cnt_d;
            eoi_q        <= eoi_d;
            kidx_q       <= kidx_d;
            part_q       <= part_d;
            sidx_q       <= sidx_d;
            fl_ad_q      <= fl_ad_d;
            fl_msg_q     <= fl_msg_d;
            fl_tag_q     <= fl_tag_d;
            fl_trunc_q   <= fl_trunc_d;
            sst_q        <= sst_d;
            kl_st_q      <= kl_st_d;
            kl_q         <= kl_d;
            bdi_q        <= bdi_d;
            bdi_valid_q  <= bdi_valid_d;
            bdi_vb_q     <= bdi_vb_d;
            bdi_pl_q     <= bdi_pl_d;
            bdi_size_q   <= bdi_size_d;
            bdi_eot_q    <= bdi_eot_d;
            bdi_eoi_q    <= bdi_eoi_d;
            bdi_type_q   <= bdi_type_d;
            bdi_dec_q    <= bdi_dec_d;
            bdi_hash_q   <= bdi_hash_d;
        end
    end
endmodule

`default_nettype wire
