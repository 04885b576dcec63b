// lwc_bdo_register_wiring.vh — a word-serial CipherCore's bdo: the word it puts on bdo in a cycle
// (bdo_load with bdo_next, bdo_type_next, bdo_vb_next, eob_next: regs the core sets in its
// next-state block, 0 by default), bdo_free (the register takes a word this cycle) and the
// lwc_bdo_register u_bdo on the core's bdo ports (CCW = 32), written once:
// `include "lwc_bdo_register_wiring.vh" in the body of aes128_gcm_core and ascon_aead128_core
// (designs/lwc-frame/docs.md, "Shared units of the hand-written cores").
    reg         bdo_load;
    reg [31:0]  bdo_next;
    reg [3:0]   bdo_type_next;
    reg [3:0]   bdo_vb_next;
    reg         eob_next;
    wire        bdo_free;

    lwc_bdo_register #(.CCW(32)) u_bdo (
        .clk_i(clk_i), .rst_i(rst_i),
        .load_i(bdo_load), .word_i(bdo_next), .type_i(bdo_type_next), .valid_bytes_i(bdo_vb_next),
        .end_of_block_i(eob_next), .free_o(bdo_free),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block));
