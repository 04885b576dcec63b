// codesign_cpu: PicoRV32 with the co-design system's parameters and only the ports the system uses.
// picorv32.v comes from the installed pythondata-cpu-picorv32 package, unmodified (design.toml names
// it as a package source; codesign_soc instantiates this wrapper, so the system and the area
// measurement of `cryptohls bench aes-codesign/cpu` use the same CPU).
//   RV32IM (ENABLE_MUL, ENABLE_DIV), no compressed ISA, no cycle/instret counters (the MMIO CYCLE
//   register is the clock), reset PC 0, stack pointer at the top of the 2**WORDS_LOG2-word RAM; every
//   other parameter is the package's default (no IRQ, no PCPI, no trace, no barrel shifter).
`default_nettype none

module codesign_cpu #(
  parameter integer WORDS_LOG2 = 12
) (
  input  wire        clk_i,
  input  wire        rst_i,
  output wire        trap_o,
  // PicoRV32's native memory interface: mem_valid_o stays high until mem_ready_i
  output wire        mem_valid_o,
  input  wire        mem_ready_i,
  output wire [31:0] mem_addr_o,
  output wire [31:0] mem_wdata_o,
  output wire [3:0]  mem_wstrb_o,
  input  wire [31:0] mem_rdata_i
);

  // outputs of the CPU this system does not use
  /* verilator lint_off UNUSEDSIGNAL */
  wire        unused_mem_instr;
  wire        unused_mem_la_read;
  wire        unused_mem_la_write;
  wire [31:0] unused_mem_la_addr;
  wire [31:0] unused_mem_la_wdata;
  wire [3:0]  unused_mem_la_wstrb;
  wire        unused_pcpi_valid;
  wire [31:0] unused_pcpi_insn;
  wire [31:0] unused_pcpi_rs1;
  wire [31:0] unused_pcpi_rs2;
  wire [31:0] unused_eoi;
  wire        unused_trace_valid;
  wire [35:0] unused_trace_data;
  /* verilator lint_on UNUSEDSIGNAL */

  picorv32 #(
    .ENABLE_COUNTERS  (1'b0),
    .ENABLE_COUNTERS64(1'b0),
    .COMPRESSED_ISA   (1'b0),
    .ENABLE_MUL       (1'b1),
    .ENABLE_DIV       (1'b1),
    .PROGADDR_RESET   (32'h0000_0000),
    .STACKADDR        (32'h0000_0000 + (32'd4 << WORDS_LOG2))
  ) u_cpu (
    .clk         (clk_i),
    .resetn      (!rst_i),
    .trap        (trap_o),
    .mem_valid   (mem_valid_o),
    .mem_instr   (unused_mem_instr),
    .mem_ready   (mem_ready_i),
    .mem_addr    (mem_addr_o),
    .mem_wdata   (mem_wdata_o),
    .mem_wstrb   (mem_wstrb_o),
    .mem_rdata   (mem_rdata_i),
    .mem_la_read (unused_mem_la_read),
    .mem_la_write(unused_mem_la_write),
    .mem_la_addr (unused_mem_la_addr),
    .mem_la_wdata(unused_mem_la_wdata),
    .mem_la_wstrb(unused_mem_la_wstrb),
    .pcpi_valid  (unused_pcpi_valid),
    .pcpi_insn   (unused_pcpi_insn),
    .pcpi_rs1    (unused_pcpi_rs1),
    .pcpi_rs2    (unused_pcpi_rs2),
    .pcpi_wr     (1'b0),
    .pcpi_rd     (32'h0000_0000),
    .pcpi_wait   (1'b0),
    .pcpi_ready  (1'b0),
    .irq         (32'h0000_0000),
    .eoi         (unused_eoi),
    .trace_valid (unused_trace_valid),
    .trace_data  (unused_trace_data)
  );

endmodule
