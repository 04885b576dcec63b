`default_nettype none
// lwc_ccw_gearbox — runs a wide CipherCore (CCW = WIDE, a multiple of 32) in the LWC frame at CCW = 32
// (and so at W = 32): it packs the frame's 32-bit bdi words into one WIDE-bit bdi word and unpacks each
// WIDE-bit bdo word into 32-bit bdo words. The key and msg_auth streams do not pass through it (the key
// bus is 32 bits at every CCW). designs/lwc-gearbox/docs.md.
//
// bdi: words 0 .. WIDE/32 - 2 of a wide word are held (only a segment's last word can be partial, so a
// held word is always full); the wide word goes to the core with its last word, the segment's last
// (bdi_eot) or the WIDE/32-th, in the same cycle, so the 32-bit word after it is not delayed. Its size
// is 4 per held word plus the last word's; valid bytes and pad location follow from the size as the
// frame's docs define them; type, eot, eoi, decrypt_in and hash_in are the last word's.
// bdo: piece p of the wide word (bits WIDE-1-32p .. WIDE-32-32p) goes out with its 4 valid-byte lanes;
// the last piece is the WIDE/32-th or the one after which the wide word has no valid byte, and only it
// takes the wide word (w_bdo_ready). So a segment of L bytes leaves as ceil(L / 4) words, as the frame
// at CCW = 32 counts them.
// Outputs the frame or the core read combinationally are continuous assignments (lwc-frame docs.md).

module lwc_ccw_gearbox #(
    parameter integer WIDE = 256
) (
    input  wire                        clk_i,
    input  wire                        rst_i,
    // the frame's side (CCW = 32)
    input  wire [31:0]                 bdi,
    input  wire                        bdi_valid,
    output wire                        bdi_ready,
    input  wire [3:0]                  bdi_type,
    input  wire [2:0]                  bdi_size,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [3:0]                  bdi_valid_bytes,   // follows from bdi_size
    input  wire [3:0]                  bdi_pad_loc,       // likewise
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                        bdi_eot,
    input  wire                        bdi_eoi,
    input  wire                        decrypt_in,
    input  wire                        hash_in,
    output wire [31:0]                 bdo,
    output wire                        bdo_valid,
    input  wire                        bdo_ready,
    output wire [3:0]                  bdo_type,
    output wire [3:0]                  bdo_valid_bytes,
    output wire                        end_of_block,
    // the core's side (CCW = WIDE)
    output wire [WIDE-1:0]             w_bdi,
    output wire                        w_bdi_valid,
    input  wire                        w_bdi_ready,
    output wire [3:0]                  w_bdi_type,
    output wire [$clog2(WIDE/8+1)-1:0] w_bdi_size,
    output wire [WIDE/8-1:0]           w_bdi_valid_bytes,
    output wire [WIDE/8-1:0]           w_bdi_pad_loc,
    output wire                        w_bdi_eot,
    output wire                        w_bdi_eoi,
    output wire                        w_decrypt_in,
    output wire                        w_hash_in,
    input  wire [WIDE-1:0]             w_bdo,
    input  wire                        w_bdo_valid,
    output wire                        w_bdo_ready,
    input  wire [3:0]                  w_bdo_type,
    input  wire [WIDE/8-1:0]           w_bdo_valid_bytes,
    input  wire                        w_end_of_block
);
    localparam integer NW = WIDE / 32;               // 32-bit words per wide word
    localparam integer NB = WIDE / 8;                // byte lanes of a wide word
    localparam integer SB = $clog2(NB + 1);          // bits of a wide size
    localparam integer IB = $clog2(NW);              // bits of a word index
    localparam [31:0]   LAST_32 = NW - 1;
    localparam [IB-1:0] LAST_IX = LAST_32[IB-1:0];

    // ---- bdi: pack ----
    reg  [WIDE-1:0] held_q;                          // the held words, word 0 in the top bits
    reg  [IB-1:0]   in_ix_q;                         // index of the incoming word in its wide word
    wire            in_last = bdi_eot || (in_ix_q == LAST_IX);
    wire [WIDE-1:0] in_word = {bdi, {(WIDE-32){1'b0}}} >> (32 * in_ix_q);
    wire [SB-1:0]   size    = {in_ix_q, 2'b00} + {{(SB-3){1'b0}}, bdi_size};

    assign bdi_ready         = !in_last || w_bdi_ready;
    assign w_bdi_valid       = bdi_valid && in_last;
    assign w_bdi             = held_q | in_word;
    assign w_bdi_size        = size;
    assign w_bdi_valid_bytes = ~({NB{1'b1}} >> size);                    // the first `size` lanes
    assign w_bdi_pad_loc     = (size == NB[SB-1:0]) ? {NB{1'b0}}
                                                    : {1'b1, {(NB-1){1'b0}}} >> size;   // the lane after them
    assign w_bdi_type        = bdi_type;
    assign w_bdi_eot         = bdi_eot;
    assign w_bdi_eoi         = bdi_eoi;
    assign w_decrypt_in      = decrypt_in;
    assign w_hash_in         = hash_in;

    // ---- bdo: unpack ----
    reg  [IB-1:0]   out_ix_q;                        // the piece going out
    wire [NB-1:0]   vb_shifted  = w_bdo_valid_bytes << (4 * out_ix_q);
    wire            out_last    = (out_ix_q == LAST_IX) || !vb_shifted[NB-5];   // no valid byte after this piece

    assign bdo             = w_bdo[WIDE - 1 - 32 * out_ix_q -: 32];
    assign bdo_valid       = w_bdo_valid;
    assign bdo_valid_bytes = vb_shifted[NB-1 -: 4];
    assign bdo_type        = w_bdo_type;
    assign end_of_block    = w_end_of_block && out_last;
    assign w_bdo_ready     = bdo_ready && out_last;

    always @(posedge clk_i) begin
        if (rst_i) begin
            held_q   <= {WIDE{1'b0}};
            in_ix_q  <= {IB{1'b0}};
            out_ix_q <= {IB{1'b0}};
        end else begin
            if (bdi_valid && bdi_ready) begin
                held_q  <= in_last ? {WIDE{1'b0}} : (held_q | in_word);
                in_ix_q <= in_last ? {IB{1'b0}} : in_ix_q + 1'b1;
            end
            if (w_bdo_valid && bdo_ready) begin
                out_ix_q <= out_last ? {IB{1'b0}} : out_ix_q + 1'b1;
            end
        end
    end
endmodule

`default_nettype wire
