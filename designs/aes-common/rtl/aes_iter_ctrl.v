// aes_iter_ctrl: the control of a basic iterative block core: a step counter 1..LAST (0 = idle),
// the in/out valid/ready handshakes and the output-valid flag. A block is accepted into step 1;
// steps 1..LAST-1 feed the state register (run_o); step LAST finishes into the output register
// when it is free (done_o), and the next block is accepted in that same cycle. Latency LAST+1,
// interval LAST. The core keeps the state, key and output registers and loads them from these
// strobes. Which cores use it, and why aes128-ecb-enc and -x2 do not: designs/aes-common/docs.md.
`default_nettype none

module aes_iter_ctrl #(
  parameter integer     WIDTH = 4,      // counter width: LAST < 2**WIDTH
  parameter [WIDTH-1:0] LAST  = 4'd10   // last step (steps 1..LAST)
) (
  input  wire             clk_i,
  input  wire             rst_i,
  input  wire             in_enable_i,  // the core may accept a block (1'b1 if always)
  input  wire             in_valid_i,
  output wire             in_ready_o,
  output wire             out_valid_o,
  input  wire             out_ready_i,
  output wire [WIDTH-1:0] step_o,       // step computed in this cycle; 0 = idle
  output wire             run_o,        // step 1..LAST-1: the state register takes the step
  output wire             last_o,       // step LAST
  output wire             done_o,       // step LAST into a free output register: the output
                                        // register takes the step's output
  output wire             accept_o      // a block enters: the state register loads it
);

  localparam [WIDTH-1:0] STEP_IDLE = {WIDTH{1'b0}};
  localparam [WIDTH-1:0] STEP_FIRST = {{(WIDTH - 1){1'b0}}, 1'b1};

  reg  [WIDTH-1:0] step_q, step_d;
  reg              out_valid_q, out_valid_d;

  wire             out_free;

  assign out_free = ~out_valid_q | out_ready_i;
  assign last_o = (step_q == LAST);
  assign done_o = last_o & out_free;
  assign run_o = (step_q != STEP_IDLE) && (step_q != LAST);
  assign in_ready_o = in_enable_i & ((step_q == STEP_IDLE) | done_o);
  assign accept_o = in_valid_i & in_ready_o;
  assign out_valid_o = out_valid_q;
  assign step_o = step_q;

  always @* begin : next_state
    step_d = step_q;
    out_valid_d = out_valid_q & ~out_ready_i;
    if (run_o) begin
      step_d = step_q + STEP_FIRST;
    end
    if (done_o) begin
      out_valid_d = 1'b1;
      step_d = STEP_IDLE;
    end
    if (accept_o) begin
      step_d = STEP_FIRST;
    end
  end

  always @(posedge clk_i) begin : reg_update
    if (rst_i) begin
      step_q <= STEP_IDLE;
      out_valid_q <= 1'b0;
    end else begin
      step_q <= step_d;
      out_valid_q <= out_valid_d;
    end
  end

endmodule

`default_nettype wire
