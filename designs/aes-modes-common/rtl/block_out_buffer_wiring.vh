// block_out_buffer_wiring.vh — a block-mode CipherCore's output buffer and bdo: the core's write
// signals to its block_out_buffer (ob_load, ob_block, ob_nbytes, ob_mode, ob_send, ob_type, ob_shift:
// regs the core sets in its next-state block), what it reads back (ob_word, the top word; ob_bytes_q,
// the bytes left, 0: free) and the instance u_ob on the core's bdo ports, written once:
// `include "block_out_buffer_wiring.vh" in the body of ocb3_aes128_core, deoxys_i128_core,
// aes128_otr_core (designs/aes-modes-common/docs.md). A result block or the tag is sent, or (a DEC
// tag) compared, word by word.
    reg          ob_load, ob_mode, ob_send, ob_shift;
    reg  [127:0] ob_block;
    reg  [4:0]   ob_nbytes;
    reg  [3:0]   ob_type;
    wire [31:0]  ob_word;
    wire [4:0]   ob_bytes_q;              // bytes left (0: free)
    block_out_buffer u_ob (
        .clk_i(clk_i), .rst_i(rst_i), .load_i(ob_load), .block_i(ob_block), .bytes_i(ob_nbytes),
        .mode_i(ob_mode), .send_i(ob_send), .type_i(ob_type), .shift_i(ob_shift), .word_o(ob_word),
        .bytes_o(ob_bytes_q), .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block));
