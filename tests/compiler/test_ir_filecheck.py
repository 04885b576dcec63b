"""The `.ir` pass-test format (ir_filecheck.py): each way it must fail does, naming file:line."""

from __future__ import annotations

import pytest

from cryptohls.passes.dce import DeadCodeElimination
from ir_filecheck import IRTestError, filecheck, parse_run_line, run_passes

TEST = """# RUN: RUNLINE
function f {}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = add %1, 1:i8 @2:1
    %3:i8 = xor %1, %2 @3:1
    ret %2 @4:1
}
# CHECK:      # pass dce: changed
# CHECK-NOT:  xor
# CHECK:      ret CHECKED
"""


def check(tmp_path, runline: str = "dce", checked: str = "%2") -> str | None:
    path = tmp_path / "t.ir"
    path.write_text(TEST.replace("RUNLINE", runline).replace("CHECKED", checked))
    text = path.read_text()
    return filecheck(path, run_passes(path, text, parse_run_line(path, text)), "<out>")


def test_a_passing_file(tmp_path):
    assert check(tmp_path) is None


def test_a_check_that_does_not_match_names_its_line(tmp_path):
    message = check(tmp_path, checked="%3")
    assert f"{tmp_path / 't.ir'}:12:" in message and "ret %3" in message


def test_a_check_not_that_matches_fails(tmp_path):
    message = check(tmp_path, runline="const-fold")   # nothing removes the xor
    assert message is not None and f"{tmp_path / 't.ir'}:10:" in message


@pytest.mark.parametrize("runline, error", [("dcx", "unknown pass 'dcx'"), ("dce --fast", "unknown RUN option"),
                                            ("--equivalent", "names no pass")])
def test_a_bad_run_line_is_an_error_at_line_1(tmp_path, runline, error):
    with pytest.raises(IRTestError, match=f"t.ir:1: .*{error}"):
        check(tmp_path, runline=runline)


def test_equivalent_catches_a_wrong_pass(tmp_path, monkeypatch):
    def wrong(self, fn):   # "removes" the add by returning the port itself
        ret = fn.blocks[0].ops[-1]
        ret.operands[0] = fn.blocks[0].ops[0]
        return True
    assert check(tmp_path, runline="dce --equivalent") is None
    monkeypatch.setattr(DeadCodeElimination, "_run", wrong)
    with pytest.raises(IRTestError, match=r"t.ir:2: --equivalent: .*the return value, with a = "):
        check(tmp_path, runline="dce --equivalent")
