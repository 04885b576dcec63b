// block_in_word.vh — a bdi word of size > 0 into the input block of a block-mode CipherCore that keeps
// that block in registers of its own (colm0_aes128_core, aes128_cfb_aead_core; OCB3 and Deoxys-I have
// block_in_buffer, whose put_i does the same), written once: `include "block_in_word.vh" in the core's
// next-state block where it takes such a word (designs/aes-modes-common/docs.md). The word (bdi_m: bdi
// on its valid bytes) becomes word w_q of the block (word 0 in [127:96]; the first word clears the
// rest), ib_bytes counts the bytes, w moves on (the core sets it back to 0 at the block's end).
// The core declares w_q / w_d (2 bits), ib_q / ib_d (128), ib_bytes_q / ib_bytes_d (5) and bdi_m.
            if (w_q == 2'd0) begin
                ib_d       = {bdi_m, 96'd0};
                ib_bytes_d = {2'b00, bdi_size};
            end else begin
                ib_d[127 - 32*w_q -: 32] = bdi_m;
                ib_bytes_d = ib_bytes_q + {2'b00, bdi_size};
            end
            w_d = w_q + 2'd1;
