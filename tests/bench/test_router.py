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
