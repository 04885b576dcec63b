"""Logic depth of a mapped netlist (cryptohls.bench.depth) on hand-made ecp5 netlists."""

from __future__ import annotations

import json

import pytest

from cryptohls.bench.depth import logic_depth, main
from cryptohls.errors import UserError


def _cell(kind, inputs, outputs):
    ports = {**{p: "input" for p in inputs}, **{p: "output" for p in outputs}}
    return {"type": kind, "port_directions": ports, "connections": {**inputs, **outputs}}


def _netlist():
    # ff_a.Q(2) -> lut1(3) -> lut2(4) -> mux(5) -> ff_b.DI ; ff_a.Q -> lut3(6) -> output port y
    # ccu(7) from constant inputs only -> ff_c.DI
    cells = {
        "ff_a": _cell("TRELLIS_FF", {"DI": [5], "CLK": [9]}, {"Q": [2]}),
        "lut1": _cell("LUT4", {"A": [2], "B": ["0"]}, {"Z": [3]}),
        "lut2": _cell("LUT4", {"A": [3], "B": [2]}, {"Z": [4]}),
        "mux": _cell("PFUMX", {"ALUT": [4], "BLUT": [3], "C0": [2]}, {"Z": [5]}),
        "ff_b": _cell("TRELLIS_FF", {"DI": [5], "CLK": [9]}, {"Q": [8]}),
        "lut3": _cell("LUT4", {"A": [2]}, {"Z": [6]}),
        "ccu": _cell("CCU2C", {"A0": ["1"]}, {"S0": [7]}),
        "ff_c": _cell("TRELLIS_FF", {"DI": [7], "CLK": [9]}, {"Q": [10]}),
    }
    ports = {"y": {"direction": "output", "bits": [6]}, "clk": {"direction": "input", "bits": [9]}}
    # register names as Yosys keeps them: a user name wins over a generated ($) one
    netnames = {"state_q": {"bits": [2, 10]}, "$abc$42$n2": {"bits": [2]}, "round_q": {"bits": [8]},
                "$auto$ff_b_d": {"bits": [5]}}
    return {"modules": {"top": {"attributes": {"top": "1"}, "ports": ports, "cells": cells, "netnames": netnames}}}


def test_deepest_path_and_its_cells():
    report = logic_depth(_netlist(), "top")
    assert report.max_levels == 2.25
    assert report.endpoints == 4   # DI of ff_a, ff_b, ff_c and port y (the clock has no driving cell)
    assert [name for _, _, name in report.path] == ["lut1", "lut2", "mux"]
    assert [lv for lv, _, _ in report.path] == [1.0, 2.0, 2.25]
    # from ff_a (its Q is bit 0 of state_q); mux drives ff_a and ff_b (round_q) at the same level: the
    # tie goes to the larger name
    assert (report.start, report.end) == ("state_q[0]", "state_q[0]")


def test_unknown_module_is_a_user_error():
    with pytest.raises(UserError) as err:
        logic_depth(_netlist(), "core")
    assert "module 'core'" in str(err.value) and "top" in str(err.value.hint)


def test_command_line(tmp_path, capsys):
    path = tmp_path / "netlist.json"
    path.write_text(json.dumps(_netlist()))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("top: deepest path 2.25 levels") and "mux" in out
    assert "  from   state_q[0]\n" in out and out.endswith("  to     state_q[0]\n")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main([str(bad)]) == 2
    assert "cannot read netlist" in capsys.readouterr().err
