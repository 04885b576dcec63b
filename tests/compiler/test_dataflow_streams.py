"""DATAFLOW and stream semantics the LWC module (designs/aes128-ctr-io/hls) relies on, each on a small
kernel in csim == cosim form (tests/compiler/dataflow_kernels/):

* a discarded read (`req.read();`) is still a FIFO read: the channel keeps its reader;
* a write followed by another stream's read in one basic block: the write may not wait for the read
  (the server's answer leaves before the next request arrives, or the last word never comes out);
* `x = reuse ? last : in.read()`: a stream read on one side of a conditional is never speculated;
* `#pragma HLS INTERFACE ... name=` renames a DATAFLOW top's stream ports, `register` reaches the process.
"""

from __future__ import annotations

from pathlib import Path

from streamharness import cosim_run, lint, native_run

from cryptohls.hls import compile_file

KERNELS = Path(__file__).resolve().parent / "dataflow_kernels"


def test_df_server_structure(build_dir):
    result = compile_file(KERNELS / "df_server.cpp", "df_server", out_dir=build_dir)
    lint(result.verilog_path)
    rep = result.report
    assert rep["dataflow"]["channels"] == [{"name": "req", "width": 1, "depth": 1},
                                           {"name": "cmd", "width": 32, "depth": 2},
                                           {"name": "val", "width": 32, "depth": 1}]
    args = {a["name"]: a for a in rep["interface"]["args"]}
    assert args["out"]["ports"] == {"data": "result_TDATA", "valid": "result_TVALID", "ready": "result_TREADY"}
    top = result.verilog_path.read_text()
    assert "output wire [31:0] result_TDATA," in top and "out_TDATA" not in top.split("\n);")[0]
    server = (build_dir / "server.v").read_text()
    assert "output reg req_read" in server   # the discarded read still pops the FIFO
    assert "_room" in (build_dir / "consumer.v").read_text()   # `register`: the output register's room


def test_df_server_cosim_matches_native(build_dir):
    native = native_run(KERNELS / "df_server.cpp", KERNELS / "tb_df_server.cpp", build_dir)
    assert native.splitlines()[0] == "out 0 0b719152" and native.splitlines()[-1] == "6 words"
    cosim, stats = cosim_run(KERNELS / "df_server.cpp", KERNELS / "tb_df_server.cpp", "df_server", build_dir)
    assert cosim == native
    assert stats["calls"] == 1


def test_conditional_read_is_not_speculated(build_dir):
    native = native_run(KERNELS / "cond_read.cpp", KERNELS / "tb_cond_read.cpp", build_dir)
    assert native.splitlines()[2] == "call 2: out 00001001, 3 words left"
    assert native.splitlines()[-1] == "call 7: out 00004004, 0 words left"
    cosim, stats = cosim_run(KERNELS / "cond_read.cpp", KERNELS / "tb_cond_read.cpp", "cond_read", build_dir)
    assert cosim == native
    assert stats["calls"] == 8
