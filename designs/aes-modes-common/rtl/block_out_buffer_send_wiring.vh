// block_out_buffer_send_wiring.vh — the output buffer of a block-mode CipherCore that sends every block
// it loads and compares no tag in the buffer (colm0_aes128_core, aes128_cfb_aead_core): its write
// signals (ob_load, ob_block, ob_nbytes, ob_type: regs the core sets in its next-state block; mode_i
// and send_i go with each load), what it reads back (ob_bytes_q, the bytes left, 0: free) and the
// instance u_ob on the core's bdo ports, written once: `include "block_out_buffer_send_wiring.vh" in
// the core's body (designs/aes-modes-common/docs.md; the cores that also compare a DEC tag in the
// buffer: block_out_buffer_wiring.vh). A result block or the tag goes out word by word.
    reg          ob_load;
    reg  [127:0] ob_block;
    reg  [4:0]   ob_nbytes;
    reg  [3:0]   ob_type;
    wire [31:0]  ob_word_unused;          // no tag is compared in the buffer
    wire [4:0]   ob_bytes_q;              // bytes left (0: free)
    block_out_buffer u_ob (
        .clk_i(clk_i), .rst_i(rst_i), .load_i(ob_load), .block_i(ob_block), .bytes_i(ob_nbytes),
        .mode_i(ob_load), .send_i(1'b1), .type_i(ob_type), .shift_i(1'b0), .word_o(ob_word_unused),
        .bytes_o(ob_bytes_q), .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block));
