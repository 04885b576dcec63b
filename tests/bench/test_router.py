"""`cryptohls bench --router` / design.toml `router` and `--pnr-timeout`: the router is part of a
row's key (router2 routes dense designs router1 does not finish), the timeout is not."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import run_bench
from cryptohls.designs import find_variant
from cryptohls.errors import UserError

from .test_db import FakeRunner, options


def test_router2_is_in_the_key_and_the_timeout_is_not():
    assert json.loads(options(router="router2").key_json())["router"] == "router2"
    assert options(pnr_timeout_s=9000).key_json() == options().key_json()
    assert options(router="router2", area_only=True).key_json() == options(area_only=True).key_json()


class RouterRunner(FakeRunner):
    def __init__(self):
        super().__init__()
        self.settings = []

    def place_and_route(self, target, netlist, work_dir, seed, settings):
        self.settings.append(settings)
        return super().place_and_route(target, netlist, work_dir, seed, settings)


def test_a_variant_that_declares_its_router_is_routed_with_it(toy_designs, build_dir):
    """aes128-oop/hls-registers declares router = "router2" (router1 does not route it in hours):
    its rows are keyed so, a plain variant of the same run keeps router1 and its key."""
    plain = find_variant("toy64/rtl")
    dense = dataclasses.replace(plain, name="rtl-dense", options={**plain.options, "router": "router2"})
    runner = RouterRunner()
    with ResultsDB(build_dir / "r.sqlite") as db:
        summary = run_bench([plain, dense], options(seeds=1, pnr_timeout_s=7200), db, build_dir / "w",
                            runner=runner)
    assert sorted(s.router for s in runner.settings) == ["router1", "router2"]
    assert {s.timeout_s for s in runner.settings} == {7200}
    keys = {row.variant: json.loads(row.options) for row in summary.rows}
    assert "router" not in keys["toy64/rtl"] and keys["toy64/rtl-dense"]["router"] == "router2"
    wrong = dataclasses.replace(plain, options={**plain.options, "router": "router3"})
    with pytest.raises(UserError, match="router must be one of router1, router2"):
        options().for_variant(wrong)


def test_the_synthesis_timeout_reaches_yosys_and_is_not_in_the_key(monkeypatch, tmp_path):
    """`--synth-timeout`: abc9 -dff of a 25k-LUT4 core ran past the fixed hour on a busy machine."""
    from cryptohls.bench import flow, synth
    from cryptohls.bench.targets import TARGETS
    from cryptohls.bench.tools import ToolRun

    assert options(synth_timeout_s=9000).key_json() == options().key_json()
    seen = []

    def fake_run_tool(argv, log_path, *, cwd, timeout_s):
        seen.append(timeout_s)
        log_path.write_text(f"cryptohls: timed out after {timeout_s:.0f} s\n")
        return ToolRun(-1, log_path, timeout_s, tuple(argv), cwd, True)

    monkeypatch.setattr(synth, "discover_ports", lambda sources, top, work_dir: [])
    monkeypatch.setattr(synth, "generate_harness", lambda top, ports: "")
    monkeypatch.setattr(synth, "run_tool", fake_run_tool)
    with pytest.raises(UserError, match="timed out after 5 s"):
        flow.Runner(5).synthesize(TARGETS["ecp5"], [], "core", tmp_path, "none", "delay")
    with pytest.raises(UserError, match="timed out after 3600 s"):
        flow.Runner().synthesize(TARGETS["ecp5"], [], "core", tmp_path / "default", "none", "delay")
    assert seen == [5, 3600]
