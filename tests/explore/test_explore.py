"""`cryptohls explore` end to end on a tiny kernel (tests/explore/kernel/fold16.c), synthesis only,
and its refusals and output guarantees."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cryptohls.cli import main
from cryptohls.explore import output as output_mod
from cryptohls.explore.run import PointResult, TargetResult
from cryptohls.explore.space import parse_space

KERNEL = Path(__file__).resolve().parent / "kernel"
SRC, TB = KERNEL / "fold16.c", KERNEL / "fold16_tb.c"


def fold16(words: list[int]) -> int:
    acc = 0x9E3779B9
    for word in words:
        acc = (((acc << 3) | (acc >> 29)) & 0xFFFFFFFF) ^ word
    return acc


def test_fold16_reference():
    """The testbench's expected values, computed here independently of the C."""
    expected = []
    for t in range(4):
        expected.append(fold16([((t * 0x01000193) ^ (i * 0x27D4EB2D)) & 0xFFFFFFFF for i in range(16)]))
    assert expected == [0xFEACE3A7, 0xDA2EC725, 0xB7A8AAA3, 0x252B3820]
    text = TB.read_text()
    assert all(f"0x{v:08x}u" in text for v in expected)


def test_two_points_and_a_failing_one_area_only(build_dir, capsys):
    """Two passing points (the loop, unrolled by 4) benchmarked with Yosys only, and a point whose C
    is wrong: reported in every output, exit status 1."""
    space = build_dir / "space.toml"
    space.write_text('[explore]\nblock_bits = 512\n[axes]\nFOLD_UNROLL = [1, 4]\n[[point]]\nFOLD_WRONG = true\n')
    out = build_dir / "out"
    status = main(["explore", str(SRC), "--top", "fold16", "--tb", str(TB), "--space", str(space),
                   "--area-only", "--jobs", "1", "--scheduler", "threads", "-o", str(out)])
    captured = capsys.readouterr()
    assert status == 1, captured.err
    rows = json.loads((out / "explore.json").read_text())["rows"]
    by_point = {r["point"]: r for r in rows}
    assert set(by_point) == {"FOLD_UNROLL=1", "FOLD_UNROLL=4", "FOLD_WRONG=on"}
    rolled, unrolled, wrong = by_point["FOLD_UNROLL=1"], by_point["FOLD_UNROLL=4"], by_point["FOLD_WRONG=on"]
    # cycles per call measured in cosim: 16 iterations of 2 cycles, or 4 unrolled bodies of 5
    assert (rolled["status"], rolled["cycles"], rolled["cycles_min"], rolled["cycles_max"]) == ("pass", 32, 32, 32)
    assert (unrolled["status"], unrolled["cycles"]) == ("pass", 20)
    assert rolled["target"] == unrolled["target"] == "ecp5"
    assert 0 < rolled["luts"] < unrolled["luts"] and rolled["brams"] == unrolled["brams"] == 0
    assert rolled["fmax_mhz"] is None                       # no place-and-route
    assert rolled["throughput"] == pytest.approx(512 * 100.0 / 32)     # at the requested 10 ns
    assert unrolled["throughput"] == pytest.approx(512 * 100.0 / 20)
    assert rolled["pareto"] and unrolled["pareto"]          # each buys throughput with area
    assert (wrong["status"], wrong["target"], wrong["luts"], wrong["pareto"]) == ("csim failed", "", None, False)
    assert wrong["detail"] == "the testbench exited with 4 natively"     # its four answers wrong
    table = (out / "explore.md").read_text()
    assert "**csim failed**" in table and table.count("**front**") == 2
    assert (out / "pareto.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "data:image/png;base64," in (out / "pareto.html").read_text()
    header, *lines = (out / "explore.csv").read_text().splitlines()
    assert header.startswith("point,status,detail,target,") and header.endswith(",axis:FOLD_UNROLL,axis:FOLD_WRONG")
    assert len(lines) == 3 and lines[0].startswith("FOLD_UNROLL=1,pass,,ecp5,10.0,none,FOLD_UNROLL=1,32,32.0,32,32,")
    assert rolled["settings"] == {"FOLD_UNROLL": 1}
    assert "FAILED FOLD_WRONG=on: csim failed" in captured.err
    assert "cryptohls explore: point 1/3 " in captured.err                  # progress lines, not a bar
    assert "cryptohls explore: bench: 2 new result(s), 0 reused" in captured.err
    assert re.search(r"cryptohls explore: bench: \[\d/6\] synthesized explore-fold16/FOLD_UNROLL-4 on ecp5",
                     captured.err)
    assert not list(out.glob(".explore-*"))


def test_a_bad_space_file_stops_before_anything_runs(build_dir, capsys):
    space = build_dir / "space.toml"
    space.write_text("[axes]\nFOLD_UNROLL = [1, 4]\nclock_ns = [0]\n")
    status = main(["explore", str(SRC), "--top", "fold16", "--tb", str(TB), "--space", str(space),
                   "-o", str(build_dir / "out")])
    err = capsys.readouterr().err
    assert status == 2
    assert err.strip() == (f"cryptohls explore: {space}:3: error: clock_ns values must be positive numbers (got 0)")
    assert not (build_dir / "out").exists()


def test_a_missing_testbench_is_one_error(build_dir, capsys):
    status = main(["explore", str(SRC), "--top", "fold16", "--tb", str(KERNEL / "none.c"),
                   "--space", str(KERNEL / "space.toml"), "-o", str(build_dir / "out")])
    err = capsys.readouterr().err
    assert status == 2 and "testbench file not found" in err and "Traceback" not in err


def test_outputs_are_all_or_nothing(build_dir, monkeypatch):
    """A failure while writing leaves the previous outputs as they were and no staging folder."""
    space = parse_space(KERNEL / "space.toml", clock_ns=10.0)
    result = PointResult(space.points[0], cycles=32.0, calls=4, latency=32)
    result.targets["ecp5"] = TargetResult("ecp5", luts=66, ffs=41, brams=0, dsps=0, fmax_mhz=150.0, seeds=1,
                                          status="ok")
    out = build_dir / "out"
    written = output_mod.write_outputs(space, [result], out, "cryptohls explore …", area_only=False)
    assert sorted(p.name for p in written) == ["explore.csv", "explore.json", "explore.md", "pareto.html",
                                               "pareto.png"]
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    [row] = json.loads(before["explore.json"])["rows"]
    assert row["throughput"] == pytest.approx(512 * 150.0 / 32) and row["pareto"]

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")
    monkeypatch.setattr(output_mod, "plot", broken)
    with pytest.raises(RuntimeError):
        output_mod.write_outputs(space, [result], out, "cryptohls explore …", area_only=False)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
