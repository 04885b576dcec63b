"""The net under the compiler (issue 32 item 6): a bug in cryptohls (an exception nobody expected)
ends in one "internal compiler error" at the C construct being processed, a note on what to report,
exit status 3, and the traceback only with CRYPTOHLS_DEBUG=1 or ``cryptohls --debug``.

The bugs are injected (monkeypatch) into the importer and into a pass, in-process, so each case costs
one small compile.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from cryptohls.cli import main
from cryptohls.frontend.import_access import AccessImport
from cryptohls.internal_error import DEBUG_ENV, EXIT_INTERNAL_ERROR
from cryptohls.passes.cse import CommonSubexpressionElimination as CSE

SOURCE = textwrap.dedent("""\
    #include <stdint.h>
    void top(uint32_t a[4], uint32_t k) {
        for (int i = 0; i < 4; i++) {
            uint32_t x = a[i] * k;
            a[i] = x ^ (x >> 7);
        }
    }
    """)
STORE_LINE, STORE_COL = 5, 14   # `a[i] = ...`: the store clang locates at its `=`
MUL_LINE = 4


@pytest.fixture
def src(tmp_path):
    path = tmp_path / "k.c"
    path.write_text(SOURCE)
    return path


def _compile(src, capsys, *before_verb: str) -> tuple[int, str]:
    status = main([*before_verb, "compile", str(src), "--top", "top", "-o", str(src.parent / "out")])
    return status, capsys.readouterr().err


def _break_the_store(monkeypatch):
    def store(self, t, value, ptr):
        raise ZeroDivisionError("integer modulo by zero")
    monkeypatch.setattr(AccessImport, "store", store)


def test_a_bug_in_the_importer_is_one_located_message_and_status_3(src, capsys, monkeypatch):
    monkeypatch.delenv(DEBUG_ENV, raising=False)
    _break_the_store(monkeypatch)
    status, err = _compile(src, capsys)
    assert status == EXIT_INTERNAL_ERROR == 3
    assert "Traceback" not in err
    first, note = err.strip().splitlines()
    assert first.startswith(f"cryptohls compile: {src}:{STORE_LINE}:{STORE_COL}: internal compiler error: "
                            "ZeroDivisionError: integer modulo by zero (at cryptohls/")
    assert "during the import of 'top'" in first
    assert "please report it" in note and DEBUG_ENV in note and "--version" in note


def test_the_traceback_only_in_debug_mode(src, capsys, monkeypatch):
    _break_the_store(monkeypatch)
    monkeypatch.setenv(DEBUG_ENV, "1")
    status, err = _compile(src, capsys)
    assert status == 3 and "Traceback (most recent call last)" in err and "internal compiler error" in err
    monkeypatch.delenv(DEBUG_ENV)
    status, err = _compile(src, capsys, "--debug")
    assert status == 3 and "Traceback (most recent call last)" in err


def test_a_bug_in_a_pass_is_located_at_the_op_it_was_handling(src, capsys, monkeypatch):
    monkeypatch.delenv(DEBUG_ENV, raising=False)

    def broken(self, fn):
        for op in fn.all_ops():
            if op.opcode == "mul":
                raise KeyError("phi")
        return False
    monkeypatch.setattr(CSE, "_run", broken)
    status, err = _compile(src, capsys)
    assert status == 3
    first = err.strip().splitlines()[0]
    assert f"{src}:{MUL_LINE}:" in first and "internal compiler error: KeyError: 'phi'" in first
    assert "during the IR passes of 'top'" in first and "cryptohls/passes/" not in first.split("(at ")[0]


def test_a_user_error_is_still_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.c"
    bad.write_text("int top(int x) { return x +; }\n")
    assert main(["compile", str(bad), "--top", "top", "-o", str(tmp_path / "out")]) == 2


def test_a_reader_that_goes_away_is_no_traceback():
    """`cryptohls designs | true`: the pipe closes before the list is written."""
    proc = subprocess.run(f"{sys.executable} -m cryptohls.cli designs | true", shell=True, capture_output=True,
                          text=True, timeout=60)
    assert proc.stderr == ""
