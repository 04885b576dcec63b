"""Pragmas in a header apply by (file, line): UNROLL on a header loop, variable pragmas in header functions;
also in a header reached only through -I (issue 32 item 7), and every warning names its file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.hls import compile_file

KERNELS = Path(__file__).resolve().parent / "header_pragmas"


def test_header_unroll_applies_and_other_header_loops_stay(build_dir):
    # full-unroll skipped: mix_local's loop reads only registers (t is partitioned complete), so the
    # pass would unroll it too (passes/full_unroll.py) and hide whether the pragma reached it
    result = compile_file(KERNELS / "hdr_sum.c", "hdr_sum", out_dir=build_dir, skip_passes=("full-unroll",))
    # sum4's loop (UNROLL in the header) is gone; mix_local's loop (no pragma) stays a 4-trip loop
    loops = [(lp["name"], lp["line"], lp["trip_count"]) for lp in result.report["loops"]]
    assert loops == [("VITIS_LOOP_19_1", 19, 4)]
    assert result.report["warnings"] == []
    # with the default passes the register-only loop is unrolled as well
    assert compile_file(KERNELS / "hdr_sum.c", "hdr_sum", out_dir=build_dir / "all").report["loops"] == []


def test_header_variable_pragma_checked_in_its_function(build_dir):
    with pytest.raises(UserError) as err:
        compile_file(KERNELS / "hdr_badvar.c", "hdr_badvar", out_dir=build_dir)
    e = err.value
    assert "unknown variable 'bfu'" in str(e) and "did you mean 'buf'" in str(e.hint)
    assert Path(e.location.file).name == "bad_var.h" and e.location.line == 3


def test_pragmas_in_a_helper_nothing_calls_are_ignored(build_dir):
    result = compile_file(KERNELS / "hdr_unused.c", "hdr_unused", out_dir=build_dir)
    assert result.report["warnings"] == []
    assert result.report["loops"] == []


def test_pragma_at_file_scope_is_still_an_error(build_dir):
    with pytest.raises(UserError) as err:
        compile_file(KERNELS / "pragma_at_file_scope.c", "at_file_scope", out_dir=build_dir)
    assert "is not inside a function" in str(err.value)
    assert err.value.location.line == 3


def test_directives_of_a_header_reached_through_include_path(build_dir):
    """inc/ipipe.h is found only through -I: its PIPELINE applies (before: ignored without a word), its
    directive in an `#if 0` branch is neither applied nor checked, and the warnings name the files."""
    src = KERNELS / "hdr_inc.c"
    result = compile_file(src, "hdr_inc", out_dir=build_dir, include_dirs=(str(KERNELS / "inc"),))
    (loop,) = result.report["loops"]
    assert loop["pipeline"]["ii_requested"] == 1 and loop["line"] == 9
    header = str((KERNELS / "inc" / "ipipe.h").resolve())
    pipeline_warning = next(w for w in result.report["warnings"] if "PIPELINE II=1 not met" in w)
    assert f"loop VITIS_LOOP_9_1 ({header}:9)" in pipeline_warning
    assert f"recurrence through 'acc' ({src}:5)" in pipeline_warning   # inlined code: the user's call
    assert all("(line " not in w and not w.startswith("line ") for w in result.report["warnings"])
