"""The benchmarking flow: synthesis and place-and-route on open FPGA flows, cycle counts from
simulation, and a results database (see docs/bench.md).

Modules, one job each: ``targets`` (what each FPGA target runs), ``tools`` (running the pinned
YoWASP tools), ``sources`` (a variant's Verilog and content hash; HLS variants compiled first),
``ports`` and ``harness`` (the generated I/O wrapper), ``synth`` and ``pnr`` (one tool step
each), ``parse`` (Yosys stat / nextpnr report readers), ``cycles`` (latency and interval from
simulation), ``db`` (SQLite results) and ``flow`` (jobs, caching, parallelism).
"""
