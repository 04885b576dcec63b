// block_tag_states.vh — the tag states of a block-mode CipherCore that sends its tag through
// block_out_buffer (ocb3_aes128_core, deoxys_i128_core, aes128_otr_core), written once:
// `include "block_tag_states.vh" among the items of the core's `case (st_q)` of next values
// (designs/aes-modes-common/docs.md; the word-serial cores' twin: lwc-frame/rtl/lwc_tag_states.vh).
//   C_TAG_OUT (ENC): the tag block was loaded to be sent; when the buffer is empty, C_IDLE.
//   C_TAG_IN  (DEC): the tag block was loaded to be compared; each TAG word from bdi is compared with
//                    the buffer's top word (ob_word), which is then dropped (ob_shift); bad_d
//                    remembers a difference; after the 4th word, C_AUTH.
//   C_AUTH    (DEC): the core shows msg_auth_valid (st_q == C_AUTH) and msg_auth (!bad_q) until
//                    msg_auth_ready; then C_IDLE.
// No cycle depends on a tag's value. The core declares the states C_IDLE, C_TAG_OUT, C_TAG_IN,
// C_AUTH; st_q / st_d; w_q / w_d (2 bits or more, 0 when C_TAG_IN is entered); bad_q / bad_d; and
// its block_out_buffer's ob_bytes_q, ob_word, ob_shift.
            C_TAG_OUT: begin
                if (ob_bytes_q == 5'd0) begin
                    st_d = C_IDLE;
                end
            end
            C_TAG_IN: begin
                if (bdi_valid) begin
                    bad_d    = bad_q || (bdi != ob_word);
                    ob_shift = 1'b1;
                    w_d      = w_q + 1'b1;
                    if (w_q == 3) begin
                        st_d = C_AUTH;
                    end
                end
            end
            C_AUTH: begin
                if (msg_auth_ready) begin
                    st_d = C_IDLE;
                end
            end
