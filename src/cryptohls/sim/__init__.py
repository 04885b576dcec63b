"""Simulation: C simulation and co-simulation of HLS code (csim, cosim), the cocotb runner
wrapper (runner.build_and_run), the block-core testbench library and `cryptohls sim` (variant)."""
