"""scripts/register_cones.py on a hand-made netlist: a LUT feeding one register is that register's, a LUT
feeding two is shared, a cone stops at a flip-flop, and `--same` merges two groups into one."""

from __future__ import annotations

import importlib.util

from cryptohls.designs import repo_root


def _script():
    spec = importlib.util.spec_from_file_location("register_cones", repo_root() / "scripts" / "register_cones.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cell(kind: str, inputs: dict[str, list[int]], outputs: dict[str, list[int]]) -> dict:
    return {"type": kind, "port_directions": {**{p: "input" for p in inputs}, **{p: "output" for p in outputs}},
            "connections": {**inputs, **outputs}}


def _netlist() -> dict:
    # input port bit 2; registers a (Q 10), b (Q 11), c (Q 12)
    # lut_shared(2, 10) -> 20, read by a's and b's D; lut_a(20) -> 21 = a.D; lut_b(20, 12) -> 22 = b.D;
    # lut_c(11) -> 23 = c.D: b's flip-flop ends c's cone, so lut_shared is not c's
    cells = {
        "lut_shared": _cell("LUT4", {"A": [2], "B": [10]}, {"Z": [20]}),
        "lut_a": _cell("LUT4", {"A": [20]}, {"Z": [21]}),
        "lut_b": _cell("LUT4", {"A": [20], "B": [12]}, {"Z": [22]}),
        "lut_c": _cell("LUT4", {"A": [11]}, {"Z": [23]}),
        "ff_a": _cell("TRELLIS_FF", {"DI": [21]}, {"Q": [10]}),
        "ff_b": _cell("TRELLIS_FF", {"DI": [22]}, {"Q": [11]}),
        "ff_c": _cell("TRELLIS_FF", {"DI": [23]}, {"Q": [12]}),
    }
    netnames = {"in_p": {"bits": [2]}, "a_q": {"bits": [10]}, "b_q": {"bits": [11]}, "c_q": {"bits": [12]},
                "$auto$1": {"bits": [20]}}
    return {"modules": {"top": {"cells": cells, "netnames": netnames, "ports": {}}}}


def test_own_and_shared_cells():
    own, shared = _script().attribute(_netlist(), "top", set())
    assert {g: dict(c) for g, c in own.items()} == {"a_q": {"LUT4": 1}, "b_q": {"LUT4": 1}, "c_q": {"LUT4": 1}}
    assert dict(shared) == {(2, "LUT4"): 1}


def test_same_merges_groups():
    own, shared = _script().attribute(_netlist(), "top", {"a_q", "b_q"})
    assert {g: dict(c) for g, c in own.items()} == {"a_q+b_q": {"LUT4": 3}, "c_q": {"LUT4": 1}}
    assert not shared
