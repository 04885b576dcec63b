"""``_Pragma("HLS ...")``: the C99 pragma operator, written in place or made by a macro (Vitis accepts
both; a shared header of HLS cores defines its INTERFACE block that way). Before this was read, such a
directive was dropped without a word: an ``ap_ctrl_none`` core got ap_start/ap_done, a loop was not
unrolled. Each directive is located at the line where the operator or the macro is used."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.frontend.signature import Preprocessed
from cryptohls.hls import compile_file

SOURCE = textwrap.dedent("""\
    #include <stdint.h>
    #define NO_CTRL _Pragma("HLS INTERFACE mode=ap_ctrl_none port=return")
    #define PRAGMA(x) _Pragma(#x)
    uint32_t top(uint32_t a[8]) {
        NO_CTRL
        uint32_t s = 0;
        for (int i = 0; i < 8; i++) { PRAGMA(HLS UNROLL) _Pragma("HLS LOOP_TRIPCOUNT max=8")
            s += a[i] * (uint32_t)(i + 3);
        }
        return s;
    }
    """)


def _compile(folder: Path, text: str):
    folder.mkdir(exist_ok=True)
    src = folder / "t.c"
    src.write_text(text)
    compile_file(src, "top", out_dir=folder / "out")
    verilog = (folder / "out" / "top.v").read_text()
    report = json.loads((folder / "out" / "report.json").read_text())
    return verilog, report


def test_pragma_operator_directives_take_effect(tmp_path):
    verilog, report = _compile(tmp_path / "operator", SOURCE)
    without = SOURCE.replace("NO_CTRL\n", "\n").replace('PRAGMA(HLS UNROLL) _Pragma("HLS LOOP_TRIPCOUNT max=8")', "")
    plain, plain_report = _compile(tmp_path / "plain", without)
    assert "ap_start" not in verilog              # INTERFACE ap_ctrl_none from the macro
    assert "ap_start" in plain
    # UNROLL from PRAGMA(): the eight reads of a[] back to back instead of a loop around each
    assert report["latency"]["max"] < plain_report["latency"]["max"]


def test_two_operators_on_one_line_belong_to_that_line(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(SOURCE)
    pre = Preprocessed.run("clang-19", ["-x", "c"], src)
    real = str(src.resolve())
    assert pre.hls_pragmas[(real, 5)] == ["#pragma HLS INTERFACE mode=ap_ctrl_none port=return"]
    assert pre.hls_pragmas[(real, 7)] == ["#pragma HLS UNROLL", "#pragma HLS LOOP_TRIPCOUNT max=8"]
    assert (real, 8) not in pre.hls_pragmas


def test_bad_directive_in_a_macro_is_located_at_its_use(tmp_path):
    text = SOURCE.replace("PRAGMA(HLS UNROLL)", "PRAGMA(HLS UNROLL factr=2)")
    with pytest.raises(UserError) as err:
        _compile(tmp_path, text)
    assert err.value.location.line == 7
    assert "unknown option 'factr'" in str(err.value)
    assert err.value.location.col == SOURCE.splitlines()[6].index("PRAGMA") + 1
