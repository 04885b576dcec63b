`default_nettype none
// block_out_buffer — the output buffer of the block-mode CipherCores (ocb3-aes128, aes128-otr,
// deoxys-i128, colm0-aes128, and aes128_cfb_aead_core of cloc / silc): one 128-bit result block,
// sent on the frame's bdo (CCW = 32) one word per cycle, with the bdo registers
// (designs/lwc-frame/docs.md, "CipherCore port list").
//
// The core writes the buffer when `bytes_o` is 0 (free): `load_i` puts a block of `bytes_i` bytes
// (1 ... 16, the first ones), `mode_i` says whether it is sent (`send_i`, as bdo_type `type_i`) or
// kept to be compared word by word (a DEC tag: `word_o` is its top word, `shift_i` drops it); a
// `mode_i` alone may also come while it sends (AES-OTR's last ENC chunk). While it
// sends, each cycle in which bdo is free (not valid, or taken) moves the top word to bdo: 4 bytes, the
// last word the rest (valid bytes 1111, 1110, 1100 or 1000, end_of_block with the block's last word).
// The writes take effect in the next cycle; a `shift_i` wins over a `load_i` in the same cycle, which
// wins over sending. No cycle is added: the registers and their next values are those the cores had
// inline.
module block_out_buffer (
    input  wire         clk_i,
    input  wire         rst_i,
    // the core's writes
    input  wire         load_i,
    input  wire [127:0] block_i,
    input  wire [4:0]   bytes_i,
    input  wire         mode_i,
    input  wire         send_i,
    input  wire [3:0]   type_i,
    input  wire         shift_i,
    output wire [31:0]  word_o,
    output wire [4:0]   bytes_o,     // bytes left (0: free)
    // bdo
    output wire [31:0]  bdo,
    output wire         bdo_valid,
    input  wire         bdo_ready,
    output wire [3:0]   bdo_type,
    output wire [3:0]   bdo_valid_bytes,
    output wire         end_of_block
);
    reg [127:0] ob_q, ob_d;
    reg [4:0]   ob_bytes_q, ob_bytes_d;
    reg         ob_send_q, ob_send_d;
    reg [3:0]   ob_type_q, ob_type_d;
    reg [31:0]  bdo_q, bdo_d;
    reg         bdo_valid_q, bdo_valid_d;
    reg [3:0]   bdo_type_q, bdo_type_d;
    reg [3:0]   bdo_vb_q, bdo_vb_d;
    reg         eob_q, eob_d;

    assign word_o          = ob_q[127:96];
    assign bytes_o         = ob_bytes_q;
    assign bdo             = bdo_q;
    assign bdo_valid       = bdo_valid_q;
    assign bdo_type        = bdo_type_q;
    assign bdo_valid_bytes = bdo_vb_q;
    assign end_of_block    = eob_q;

    wire       bdo_free = !bdo_valid_q || bdo_ready;
    wire [4:0] ob_take  = (ob_bytes_q > 5'd4) ? 5'd4 : ob_bytes_q;

    always @* begin : next_state
        ob_d        = ob_q;
        ob_bytes_d  = ob_bytes_q;
        ob_send_d   = ob_send_q;
        ob_type_d   = ob_type_q;
        bdo_d       = bdo_q;
        bdo_valid_d = bdo_valid_q && !bdo_ready;
        bdo_type_d  = bdo_type_q;
        bdo_vb_d    = bdo_vb_q;
        eob_d       = eob_q;
        if (ob_send_q && ob_bytes_q != 5'd0 && bdo_free) begin
            bdo_valid_d = 1'b1;
            bdo_d       = ob_q[127:96];
            bdo_type_d  = ob_type_q;
            bdo_vb_d    = (ob_take == 5'd4) ? 4'b1111 : (ob_take == 5'd3) ? 4'b1110 :
                          (ob_take == 5'd2) ? 4'b1100 : 4'b1000;
            eob_d       = (ob_bytes_q <= 5'd4);
            ob_d        = {ob_q[95:0], 32'd0};
            ob_bytes_d  = ob_bytes_q - ob_take;
        end
        if (load_i) begin
            ob_d       = block_i;
            ob_bytes_d = bytes_i;
        end
        if (mode_i) begin
            ob_send_d = send_i;
            ob_type_d = type_i;
        end
        if (shift_i) begin
            ob_d       = {ob_q[95:0], 32'd0};
            ob_bytes_d = ob_bytes_q - 5'd4;
        end
    end

    always @(posedge clk_i) begin : reg_update
        if (rst_i) begin
            ob_q        <= 128'd0;
            ob_bytes_q  <= 5'd0;
            ob_send_q   <= 1'b0;
            ob_type_q   <= 4'b0000;
            bdo_q       <= 32'h0000_0000;
            bdo_valid_q <= 1'b0;
            bdo_type_q  <= 4'b0000;
            bdo_vb_q    <= 4'b0000;
            eob_q       <= 1'b0;
        end else begin
            ob_q        <= ob_d;
            ob_bytes_q  <= ob_bytes_d;
            ob_send_q   <= ob_send_d;
            ob_type_q   <= ob_type_d;
            bdo_q       <= bdo_d;
            bdo_valid_q <= bdo_valid_d;
            bdo_type_q  <= bdo_type_d;
            bdo_vb_q    <= bdo_vb_d;
            eob_q       <= eob_d;
        end
    end
endmodule
