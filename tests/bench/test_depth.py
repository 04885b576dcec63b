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


def test_input_waiting_deeper_in_the_walk_is_not_read_as_a_start():
    # ff.Q(1) -> a(2) -> b(3); x reads a and b (in that port order), so the walk from x pushes a and
    # b together and reaches b first: a is then waiting in the walk, not on b's path, and must be
    # visited before b is counted (the first version read it as depth 0 and gave x 2 levels)
    cells = {
        "ff": _cell("TRELLIS_FF", {"DI": [4]}, {"Q": [1]}),
        "a": _cell("LUT4", {"A": [1]}, {"Z": [2]}),
        "b": _cell("LUT4", {"A": [2]}, {"Z": [3]}),
        "x": _cell("LUT4", {"A": [2], "B": [3]}, {"Z": [4]}),
    }
    netlist = {"modules": {"top": {"ports": {}, "cells": cells, "netnames": {"q": {"bits": [1]}}}}}
    report = logic_depth(netlist, "top")
    assert report.max_levels == 3.0
    assert [name for _, _, name in report.path] == ["a", "b", "x"]


def test_combinational_loop_ends_the_walk():
    # a and b drive each other (a loop through logic only); each counts the other as a start
    cells = {
        "ff": _cell("TRELLIS_FF", {"DI": [3]}, {"Q": [1]}),
        "a": _cell("LUT4", {"A": [1], "B": [3]}, {"Z": [2]}),
        "b": _cell("LUT4", {"A": [2]}, {"Z": [3]}),
    }
    netlist = {"modules": {"top": {"ports": {}, "cells": cells, "netnames": {}}}}
    assert logic_depth(netlist, "top").max_levels == 2.0


def test_deepest_endpoint_driven_by_a_register():
    # no logic at all: the output port is the register's Q (the first version failed with
    # UnboundLocalError while naming the path's start)
    cells = {"ff": _cell("TRELLIS_FF", {"DI": [2]}, {"Q": [1]})}
    ports = {"y": {"direction": "output", "bits": [1]}, "d": {"direction": "input", "bits": [2]}}
    netlist = {"modules": {"top": {"ports": ports, "cells": cells, "netnames": {"count_q": {"bits": [1]}}}}}
    report = logic_depth(netlist, "top")
    assert (report.max_levels, report.path, report.start, report.end) == (0.0, [], "count_q", "output y")
