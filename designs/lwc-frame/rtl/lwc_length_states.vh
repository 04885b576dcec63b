// lwc_length_states.vh — the AD and message states of a CipherCore that counts the segments' bytes for
// its finalization and whose FSM is one `case (st_q)` of non-blocking assignments (aegis128l_core,
// tiaoxin346_core), written once: `include "lwc_length_states.vh" among the items of that case
// (designs/lwc-frame/docs.md, "Shared units of the hand-written cores").
//   S_AD   per AD word taken: ad_len_q += its bytes; the segment's last word: S_MSG.
//   S_MSG  per PT/CT word taken: msg_len_q += its bytes; a word of size > 0 goes on bdo (out, its valid
//          bytes, type PT for DEC, CT for ENC); the segment's last word: S_FIN with cnt_q = 0.
// The state's own update (the block absorbed) is the core's. The core declares the states S_AD, S_MSG,
// S_FIN; st_q, cnt_q (the FIN counter, of the core's width: hence the unsized 0), dec_q, ad_len_q,
// msg_len_q; take, sized, size61 (bdi_size, 61 bits), out; the bdo registers (lwc_bdo_regs.vh).
            S_AD: if (take) begin
                ad_len_q <= ad_len_q + size61;
                if (bdi_eot) st_q <= S_MSG;
            end
            S_MSG: if (take) begin
                msg_len_q <= msg_len_q + size61;
                if (sized) begin
                    bdo_q <= out; bdo_valid_q <= 1'b1; bdo_vb_q <= bdi_valid_bytes;
                    bdo_type_q <= dec_q ? T_PT : T_CT;
                end
                if (bdi_eot) begin cnt_q <= 0; st_q <= S_FIN; end
            end
