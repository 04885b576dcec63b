"""A PIPELINEd loop whose exit block has phis (it leaves straight into the next loop's header, as opt
lays out back-to-back loops): pipelined now (it was ignored with a warning), the phis take the last
iteration's values. Icarus against the C compiled natively, exact cycles."""

from __future__ import annotations

from pathlib import Path

from cryptohls.hls import compile_file
from simharness import lint, run_call
from test_pipeline_loops import c_array, native

KERNELS = Path(__file__).resolve().parent / "pipeline"


def steps(k: int) -> int:
    """Trips of the kernel's do-while loop: t = k rotated left 32 times (= k), then t >>= 2 until 0."""
    n, t = 0, k
    while True:
        n += 1
        t >>= 2
        if t == 0:
            return n


def test_exit_phis_pipelined_and_exact(build_dir):
    result = compile_file(KERNELS / "exit_phis.c", "exit_phis", out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    assert not any("PIPELINE ignored" in w for w in rep["warnings"])
    first = next(lp for lp in rep["loops"] if lp["line"] == 8)
    assert first["pipeline"] == {"ii": 1, "ii_requested": 1, "depth": 2, "ii_reason": ""}
    x = [(i * 2654435761) % 2**32 for i in range(32)]
    for k in (0x80000001, 5, 0):
        sim = run_call(result.verilog_path, rep, {"k": k}, memories={"x": x, "y": [0] * 32}, work=build_dir)
        expect = native(build_dir, KERNELS / "exit_phis.c", c_array("x", "uint32_t", x) + "uint32_t y[32];",
                        f"uint32_t r = exit_phis(x, y, {k}u)",
                        'printf("%u\\n", r); for (int j = 0; j < 32; j++) printf("%u\\n", y[j]);')
        assert [sim["ret"][0]] + sim["mem"]["y"][:32] == expect
        # ap_start in cycle 0 (entry), the loop in cycles 1..33 (31 + depth 2), then a cycle per trip of the
        # do-while loop, whose last one also returns (fused exit)
        assert sim["latency"] == [33 + steps(k)]
