"""`cryptohls bench --mapping area`: abc9 with a delay target no path reaches, recorded as its own
rows and selected by `cryptohls report --mapping`."""

from __future__ import annotations

import json

from cryptohls.bench import synth as synth_mod
from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import run_bench
from cryptohls.bench.targets import TARGETS
from cryptohls.cli import main
from cryptohls.designs import find_variant

from .helpers import FIXTURE_DESIGNS, HERE, REPO
from .test_db import FakeRunner, options


class MappingRunner(FakeRunner):
    def __init__(self):
        super().__init__()
        self.mappings = []

    def synthesize(self, target, sources, top, work_dir, memories, mapping):
        self.mappings.append(mapping)
        return super().synthesize(target, sources, top, work_dir, memories, mapping)


def test_default_mapping_keeps_the_options_key_of_earlier_rows():
    assert json.loads(options().key_json()) == {"allow_bram": False, "fmax_search": "auto",
                                                "flow": json.loads(options().key_json())["flow"]}
    assert json.loads(options(mapping="area").key_json())["mapping"] == "area"


def test_area_mapping_is_recorded_as_other_rows(toy_designs, build_dir):
    with ResultsDB(build_dir / "r.sqlite") as db:
        delay = MappingRunner()
        run_bench([find_variant("toy64/rtl")], options(seeds=1), db, build_dir / "w", runner=delay)
        area = MappingRunner()
        summary = run_bench([find_variant("toy64/rtl")], options(seeds=1, mapping="area"), db,
                            build_dir / "w", runner=area)
        assert delay.mappings == ["delay", "delay"] and area.mappings == ["area", "area"]
        assert (summary.computed, summary.reused) == (2, 0)
        assert sorted(json.loads(r.options).get("mapping", "delay") for r in db.rows()) == [
            "area", "area", "delay", "delay"]
        again = MappingRunner()
        summary = run_bench([find_variant("toy64/rtl")], options(seeds=1, mapping="area"), db,
                            build_dir / "w", runner=again)
        assert (summary.computed, summary.reused, again.mappings) == (0, 2, [])


def test_area_mapping_sets_the_abc9_delay_target_in_the_script(build_dir):
    harness = build_dir / "h.v"
    core = FIXTURE_DESIGNS / "toy64" / "rtl" / "toy64_core.v"
    delay = synth_mod.synth_script(TARGETS["ecp5"], [core], "toy64_core", harness, "none")
    area = synth_mod.synth_script(TARGETS["ecp5"], [core], "toy64_core", harness, "none", "area")
    assert "abc9.D" not in delay
    steps = area.split("; ")
    line = f"scratchpad -set abc9.D {synth_mod.AREA_MAPPING_DELAY_PS}"
    assert steps.index(line) == steps.index(next(s for s in steps if s.startswith("synth_lattice"))) - 1


def test_area_mapping_needs_an_abc9_target(toy_designs, capsys):
    assert main(["bench", "toy64/rtl", "--targets", "ecp5,xc7", "--mapping", "area"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "cryptohls bench: error: --mapping area is not available on xc7 (hint: its Yosys script does "
        "not map LUTs with abc9; use one of ecp5, gowin, gw5a, ice40, ice40up5k, cyclonev)"]


def test_real_ecp5_synthesis_reads_the_delay_target(build_dir):
    """Yosys reads the scratchpad: one registered AES round maps to 2685 LUT4 with the default
    mapping and to 2824 with the relaxed target (area recovery is heuristic: not always fewer)."""
    rtl = REPO / "designs" / "aes-common" / "rtl"
    sources = [HERE / "fixtures" / "rtl" / "aes_round_reg.v", rtl / "aes_enc_round.v",
               rtl / "aes_sub_bytes.v", rtl / "aes_sbox.v"]
    result = synth_mod.synthesize(TARGETS["ecp5"], sources, "aes_round_reg", build_dir / "area",
                                  memories="none", mapping="area")
    assert "scratchpad -set abc9.D" in (build_dir / "area" / "synth.ys").read_text()
    assert (result.luts, result.ffs) == (2824, 128)


def test_report_selects_rows_by_mapping(monkeypatch, build_dir, capsys):
    from cryptohls.report.tables import AREA_MAPPING_NOTE

    from .test_report import row
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    with ResultsDB(build_dir / "results" / "results.sqlite") as db:
        db.insert(row("aes/rtl", "ecp5", 1, 1000, 200.0, 10))
        area = row("aes/rtl", "ecp5", 1, 800, 170.0, 10, created="2026-02-01T00:00:00")
        db.insert(area.__class__(**{**area.__dict__, "options": '{"mapping":"area"}'}))
    # one configuration, two option sets: by default the best TP/area of both (area: 2176 / 800 = 2.72 >
    # 2560 / 1000 = 2.56), with --mapping only that mapping's rows
    for args, luts in (([], 800), (["--mapping", "area"], 800), (["--mapping", "delay"], 1000)):
        assert main(["report", "--format", "json", *args]) == 0
        assert [r["luts"] for r in json.loads(capsys.readouterr().out)] == [luts], args
    assert main(["report", "--format", "md"]) == 0
    assert AREA_MAPPING_NOTE in capsys.readouterr().out
    assert main(["report", "--format", "md", "--mapping", "delay"]) == 0
    assert AREA_MAPPING_NOTE not in capsys.readouterr().out
