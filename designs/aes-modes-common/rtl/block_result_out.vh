// block_result_out.vh — a message or tag result of a block-mode CipherCore's cipher unit into its
// block_out_buffer (ocb3_aes128_core, deoxys_i128_core), written once: `include "block_result_out.vh"
// in the core's next-state block where the unit has a J_MSG, J_PART or J_TAG result and the buffer is
// free (ob_bytes_q == 0) (designs/aes-modes-common/docs.md).
//   J_MSG   msg_out (CT for ENC, PT for DEC) sent as 16 bytes; DEC: the checksum becomes chk_dec, the
//           checksum with that PT (ENC took P_i as it went in).
//   J_PART  part_out (the partial last block, ib ^ keystream on its bytes) sent as ib_bytes_q bytes;
//           the checksum takes the plaintext padded 10*; the input buffer is emptied.
//   J_TAG   tag_out kept in the buffer: sent (ENC, C_TAG_OUT) or compared word by word (DEC, C_TAG_IN).
// The core declares J_MSG, J_PART, C_TAG_OUT, C_TAG_IN; job_q, dec_q, st_d, w_d, chk_q / chk_d, done;
// msg_out, chk_dec, part_out, tag_out; its block_in_buffer_wiring.vh and block_out_buffer_wiring.vh
// signals.
                        done      = 1'b1;
                        ob_load   = 1'b1;
                        ob_mode   = 1'b1;
                        ob_send   = 1'b1;
                        ob_type   = dec_q ? T_PT : T_CT;
                        ob_nbytes = 5'd16;
                        if (job_q == J_MSG) begin
                            ob_block = msg_out;
                            if (dec_q) chk_d = chk_dec;
                        end else if (job_q == J_PART) begin
                            ob_block  = part_out;
                            ob_nbytes = ib_bytes_q;
                            chk_d     = chk_q ^ pad10(dec_q ? part_out : ib_q, ib_bytes_q);
                            ib_take   = 1'b1;
                        end else begin                     // J_TAG
                            ob_block = tag_out;
                            ob_send  = !dec_q;
                            ob_type  = T_TAG;
                            st_d     = dec_q ? C_TAG_IN : C_TAG_OUT;
                            w_d      = 2'd0;
                        end
