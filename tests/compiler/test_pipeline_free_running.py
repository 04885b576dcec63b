"""An endless word loop (`while (1)` of a free-running ap_ctrl_none core) pipelined at II=1, with a
conditional axis write (if-conversion predicates it inside a requested pipeline) and
`style=flp` (a flushable pipeline: a missing input word leaves a bubble instead of stalling, so the
words inside drain: cosim prints what csim prints). Kernel: stream_kernels/flp_filter.cpp; the full use is
designs/aes128-ctr-pipe/hls (AES-128 CTR, one block per cycle)."""

from __future__ import annotations

from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "flp_filter.cpp", KERNELS / "tb_flp_filter.cpp"
CLOCK_NS = 6.0
DEPTH = 7


def test_endless_loop_is_pipelined_at_ii_1(build_dir):
    result = compile_file(SRC, "flp_filter", clock_ns=CLOCK_NS, out_dir=build_dir)
    lint(result.verilog_path)
    (loop,) = result.report["loops"]
    assert loop["pipeline"] == {"ii": 1, "ii_requested": 1, "depth": DEPTH, "ii_reason": ""}
    assert not result.report.get("warnings")
    text = result.verilog_path.read_text()
    assert "out_write_if" in text                      # the predicated write
    assert "WORDS_go0" in text or "while_body_go0" in text   # flp: stage 0 waits for its read alone


def test_flp_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert len(native.splitlines()) == 16
    cosim, stats = cosim_run(SRC, TB, "flp_filter", build_dir, clock_ns=CLOCK_NS)
    assert cosim == native   # every result comes out: the pipeline drains when the input runs dry
    assert stats["calls"] == 1

