// lwc_tag_states.vh — the tag states of a hand-written CipherCore whose FSM is one `case (st_q)` of
// next values (aes128_gcm_core, ascon_aead128_core), written once: `include "lwc_tag_states.vh"
// among the items of that case (designs/lwc-frame/docs.md, "Shared units of the hand-written cores").
//   C_TAG_OUT (ENC): the tag's 4 words on bdo, through lwc_bdo_register, TAG type, end_of_block with
//                    the 4th; then C_IDLE.
//   C_TAG_IN  (DEC): the 4 TAG words from bdi compared with the tag's; bad_d remembers a difference;
//                    then C_AUTH.
//   C_AUTH    (DEC): the core shows msg_auth_valid (st_q == C_AUTH) and msg_auth (!bad_q) until
//                    msg_auth_ready; then C_IDLE.
// Every state takes one word a cycle when its handshake allows: no cycle depends on a tag's value.
// The core declares the states C_IDLE, C_TAG_OUT, C_TAG_IN, C_AUTH; st_q / st_d; w_q / w_d (2 bits,
// 0 when a tag state is entered); bad_q / bad_d; tag_word (the tag's word w_q, bus order); and the
// inputs of its lwc_bdo_register: bdo_free, bdo_load, bdo_next, bdo_type_next, bdo_vb_next, eob_next.
            C_TAG_OUT: begin
                if (bdo_free) begin
                    bdo_load      = 1'b1;
                    bdo_next      = tag_word;
                    bdo_type_next = T_TAG;
                    bdo_vb_next   = 4'b1111;
                    eob_next      = (w_q == 2'd3);
                    w_d           = w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        st_d = C_IDLE;
                    end
                end
            end
            C_TAG_IN: begin
                if (bdi_valid) begin
                    bad_d = bad_q || (bdi != tag_word);
                    w_d   = w_q + 2'd1;
                    if (w_q == 2'd3) begin
                        st_d = C_AUTH;
                    end
                end
            end
            C_AUTH: begin
                if (msg_auth_ready) begin
                    st_d = C_IDLE;
                end
            end
