// codesign_tb: simulation top of codesign_soc (Verilator --binary). Loads the firmware from
// +mem=FILE (codesign_ram), runs until the software writes END (or error_o, or +max_cycles=N,
// default 2000000), then prints one line the runner parses:
//   CODESIGN end=<code> error=<0|1> cycles=<n> r0=<hex> r1=<hex> r2=<hex> r3=<hex>
`default_nettype none


module codesign_tb;

  reg          clk_q;
  reg          rst_q;
  wire         end_w;
  wire [31:0]  end_code;
  wire [127:0] result;
  wire         error_w;
  integer      cycles;
  integer      max_cycles;

  codesign_soc u_soc (
    .clk_i(clk_q), .rst_i(rst_q), .end_o(end_w), .end_code_o(end_code), .result_o(result), .error_o(error_w)
  );

  initial begin
    clk_q = 1'b0;
    forever #5 clk_q = !clk_q;
  end

  initial begin
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 2000000;
    cycles = 0;
    rst_q = 1'b1;
    repeat (4) @(posedge clk_q);
    rst_q = 1'b0;
    while (!end_w && !error_w && cycles < max_cycles) begin
      @(posedge clk_q);
      cycles = cycles + 1;
    end
    $display("CODESIGN end=%0d error=%0d cycles=%0d r0=%08h r1=%08h r2=%08h r3=%08h", end_code, error_w,
             cycles, result[31:0], result[63:32], result[95:64], result[127:96]);
    $finish;
  end

endmodule
