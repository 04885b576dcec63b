// lwc_tag_word.vh — what a wide-bus CipherCore does with its 16-byte tag when the tag is one bdo / bdi
// word and its FSM is one `case (st_q)` of non-blocking assignments (morus1280128v1_core,
// norx3241v2_core), written once: `include "lwc_tag_word.vh" in the core's C_TAG item, under its
// condition that the tag word moves (ENC: bdo_free; DEC: the TAG word is taken)
// (designs/lwc-frame/docs.md, "Shared units of the hand-written cores").
//   ENC  tag_word on bdo (type TAG, valid bytes TAG_LANES); the message ends: C_IDLE.
//   DEC  the TAG word compared with tag_word (bad_q, for msg_auth); then C_AUTH.
// The core clears its message state in the same item. No cycle depends on the tag's value. The core
// declares C_IDLE, C_AUTH; st_q, dec_q, bad_q; tag_word and TAG_LANES (the tag in its bus lanes); the
// bdo registers (lwc_bdo_regs.vh).
                    if (dec_q) begin
                        bad_q <= bdi != tag_word;
                        st_q <= C_AUTH;
                    end else begin
                        bdo_q <= tag_word; bdo_valid_q <= 1'b1; bdo_vb_q <= TAG_LANES; bdo_type_q <= T_TAG;
                        st_q <= C_IDLE;
                    end
