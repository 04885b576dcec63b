// aes128_ctr: AES-128 in counter mode (SP 800-38A) around the basic iterative aes128_ecb_enc.
// Counter block = IV (96 bits) || counter (32 bits, +1 mod 2^32 per block); output =
// E(key, counter block) XOR message block, so the same core encrypts and decrypts.
// A 2-entry FIFO keeps the message blocks of the (at most two) blocks inside the AES core.
// Latency 11, interval 10. Ports and timing: designs/aes128-ctr/docs.md.
`default_nettype none

module aes128_ctr (
  input  wire         clk_i,
  input  wire         rst_i,
  input  wire [127:0] key_i,          // hold stable while a message is processed
  input  wire         start_valid_i,  // load iv_i / ctr_i for the next message
  output wire         start_ready_o,
  input  wire [95:0]  iv_i,
  input  wire [31:0]  ctr_i,
  input  wire         in_valid_i,     // message block (plaintext or ciphertext)
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  output wire         out_valid_o,    // message XOR keystream
  input  wire         out_ready_i,
  output wire [127:0] out_data_o
);

  reg  [95:0]  iv_q, iv_d;
  reg  [31:0]  ctr_q, ctr_d;
  reg          loaded_q, loaded_d;    // an IV/counter has been loaded since reset
  reg  [127:0] head_q, head_d;        // message FIFO: head = oldest block inside the core
  reg  [127:0] tail_q, tail_d;
  reg  [1:0]   count_q, count_d;

  wire         core_in_ready;
  wire         core_out_valid;
  wire [127:0] keystream;
  wire         accept;
  wire         start;
  wire         pop;

  // A start has priority over a message block in the same cycle (the block then waits).
  assign start_ready_o = 1'b1;
  assign start = start_valid_i;
  assign in_ready_o = loaded_q & ~start_valid_i & core_in_ready;
  assign accept = in_valid_i & in_ready_o;

  aes128_ecb_enc u_core (
    .clk_i(clk_i), .rst_i(rst_i), .key_i(key_i),
    .in_valid_i(in_valid_i & loaded_q & ~start_valid_i), .in_ready_o(core_in_ready),
    .in_data_i({iv_q, ctr_q}),
    .out_valid_o(core_out_valid), .out_ready_i(out_ready_i), .out_data_o(keystream)
  );

  assign out_valid_o = core_out_valid;
  assign out_data_o = keystream ^ head_q;
  assign pop = core_out_valid & out_ready_i;

  always @* begin : next_counter
    iv_d = iv_q;
    ctr_d = ctr_q;
    loaded_d = loaded_q;
    if (start) begin
      iv_d = iv_i;
      ctr_d = ctr_i;
      loaded_d = 1'b1;
    end else if (accept) begin
      ctr_d = ctr_q + 32'd1;             // wraps modulo 2^32
    end
  end

  // The core holds at most two blocks (one in rounds, one in its output register) and accepts
  // only when its output register is free or drains in the same cycle, so the FIFO never
  // overflows.
  always @* begin : next_fifo
    head_d = head_q;
    tail_d = tail_q;
    count_d = count_q;
    case ({accept, pop})
      2'b10: begin
        if (count_q == 2'd0) head_d = in_data_i;
        else tail_d = in_data_i;
        count_d = count_q + 2'd1;
      end
      2'b01: begin
        head_d = tail_q;
        count_d = count_q - 2'd1;
      end
      2'b11: begin
        if (count_q == 2'd1) begin
          head_d = in_data_i;
        end else begin
          head_d = tail_q;
          tail_d = in_data_i;
        end
      end
      default: begin
      end
    endcase
  end

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      loaded_q <= 1'b0;
      count_q <= 2'd0;
    end else begin
      loaded_q <= loaded_d;
      count_q <= count_d;
    end
    iv_q <= iv_d;
    ctr_q <= ctr_d;
    head_q <= head_d;
    tail_q <= tail_d;
  end

endmodule

`default_nettype wire
