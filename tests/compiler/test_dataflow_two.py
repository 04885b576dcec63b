"""DATAFLOW: two free-running processes and a FIFO channel (depth from #pragma HLS STREAM), cosim vs native."""

from __future__ import annotations

import json

from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "df_two.cpp", KERNELS / "tb_df_two.cpp"


def test_df_two_structure(build_dir):
    result = compile_file(SRC, "df_two", out_dir=build_dir)
    lint(result.verilog_path)
    rep = result.report
    assert rep["dataflow"] == {"processes": [{"name": "scale", "instance": "scale_u0"},
                                             {"name": "accumulate", "instance": "accumulate_u1"}],
                               "channels": [{"name": "mid", "width": 32, "depth": 4}]}
    assert [s["file"] for s in rep["submodules"]] == ["scale.v", "accumulate.v"]
    args = {a["name"]: a for a in rep["interface"]["args"]}
    assert rep["interface"]["block_protocol"] == "ap_ctrl_none"
    assert (args["in"]["direction"], args["in"]["mode"]) == ("in", "axis")
    assert (args["out"]["direction"], args["out"]["mode"]) == ("out", "axis")
    assert args["k"]["ports"] == {"in": "k"}
    top = result.verilog_path.read_text()
    assert "cryptohls_fifo #(.WIDTH(32), .DEPTH(4), .AW(2)) mid_fifo (" in top
    assert ".ap_start(1'b1)," in top
    # the process on the top's axis port speaks axis itself (TVALID never waits for TREADY)
    assert "module scale (" in (build_dir / "scale.v").read_text()
    assert "output reg in_TREADY" in (build_dir / "scale.v").read_text()
    assert (build_dir / "cryptohls_fifo.v").is_file()


def test_df_two_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines()[0] == "out 0 ca549e3b"
    cosim, stats = cosim_run(SRC, TB, "df_two", build_dir)
    assert cosim == native
    # the first call drains all 6 words (later calls: 0 cycles); the processes overlap through the FIFO,
    # so 6 words take less than 6 sequential trips through both processes
    lat = {s["name"]: s["latency"]["max"] for s in json.loads((build_dir / "report.json").read_text())["submodules"]}
    sequential = 6 * ((lat["scale"] + 1) + (lat["accumulate"] + 1))
    assert stats["calls"] == 6 and stats["min"] == 0
    assert 6 <= stats["max"] < sequential


def test_df_two_compile_command_summary(build_dir, capsys):
    """`cryptohls compile` of a DATAFLOW top names its processes and channels (it has no static latency)."""
    from cryptohls.cli import main
    assert main(["compile", str(SRC), "--top", "df_two", "-o", str(build_dir / "cli")]) == 0
    err = capsys.readouterr().err
    assert "df_two.v: DATAFLOW of 2 processes and 1 channel at 10 ns" in err and "None" not in err
