// block_in_states.vh — the segment states of a block-mode CipherCore whose AD and message words go
// into its block_in_buffer (ocb3_aes128_core, deoxys_i128_core), written once:
// `include "block_in_states.vh" among the items of the core's `case (st_q)` of next values
// (designs/aes-modes-common/docs.md; the buffer's signals: block_in_buffer_wiring.vh).
//   C_AD, C_MSG: a word of size > 0 goes into the input buffer (ib_put, in the wiring); an empty
//                segment's word or a segment's last word ends the segment: C_AD -> C_MSG,
//                C_MSG -> C_FIN. The word is taken when the buffer has room (bdi_ready).
// The core declares the states C_AD, C_MSG, C_FIN and st_q / st_d.
            C_AD, C_MSG: begin
                if (bdi_valid && !ib_full_q) begin
                    if (bdi_size == 3'd0 || bdi_eot) begin
                        st_d = (st_q == C_AD) ? C_MSG : C_FIN;
                    end
                end
            end
