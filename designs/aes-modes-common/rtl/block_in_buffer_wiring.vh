// block_in_buffer_wiring.vh — a block-mode CipherCore's input side: its block_in_buffer (the write
// signals ib_put, ib_set, ib_set_idx, ib_take; what it reads back: ib_q, ib_bytes_q, ib_full_q,
// ib_ad_q, ib_last_q), the instance u_ib on the core's bdi ports, and the core's bdi_ready, written
// once: `include "block_in_buffer_wiring.vh" in the body of ocb3_aes128_core and deoxys_i128_core
// (designs/aes-modes-common/docs.md), with block_in_states.vh among the items of its case (st_q).
// The core declares the states C_IDLE, C_NPUB, C_AD, C_MSG, C_TAG_IN and st_q, and sets ib_take,
// ib_set and ib_set_idx in its next-state block (ib_set = 0 when it writes no raw word).
    reg          ib_take;
    wire         ib_put = (st_q == C_AD || st_q == C_MSG) && bdi_valid && !ib_full_q && bdi_size != 3'd0;
    wire [127:0] ib_q;
    wire [4:0]   ib_bytes_q;              // 1 ... 16
    wire         ib_full_q, ib_ad_q, ib_last_q;
    reg          ib_set;
    reg  [1:0]   ib_set_idx;
    block_in_buffer u_ib (
        .clk_i(clk_i), .rst_i(rst_i), .put_i(ib_put), .ad_i(st_q == C_AD),
        .set_i(ib_set), .set_idx_i(ib_set_idx), .bdi(bdi), .bdi_valid_bytes(bdi_valid_bytes),
        .bdi_size(bdi_size), .bdi_eot(bdi_eot), .take_i(ib_take), .block_o(ib_q), .bytes_o(ib_bytes_q),
        .full_o(ib_full_q), .ad_o(ib_ad_q), .last_o(ib_last_q));

    // bdi_ready, a continuous assignment of registers and inputs (lwc-frame/docs.md, "CipherCore port
    // list"): key words first, then the NPUB words, AD and message words while the buffer has room,
    // and the TAG words (DEC)
    assign bdi_ready = (st_q == C_IDLE)   ? !key_valid :
                       (st_q == C_NPUB)   ? 1'b1 :
                       (st_q == C_AD || st_q == C_MSG) ? !ib_full_q :
                       (st_q == C_TAG_IN);
