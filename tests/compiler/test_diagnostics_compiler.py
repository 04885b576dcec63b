"""Compiler diagnostics beyond the shared corpus (tests/diagnostics): message and location per snippet."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.cli import main
from cryptohls.errors import UserError
from cryptohls.hls import compile_file

DIAG = Path(__file__).resolve().parent / "diag"
KERNELS = Path(__file__).resolve().parent / "kernels"

CASES = [
    # file, line, col, fragments
    ("partition_dynamic_write.c", 4, 12, ["partitioned", "run time"]),
    ("interface_axi.c", 3, 1, ["interface mode 's_axilite' is not supported"]),
    ("steer_partitioned_store.c", 5, 12, ["store through a pointer that may point into argument 'a'",
                                          "partitioned", "ap_memory"]),
    ("unroll_outside_loop.c", 3, 1, ["not inside a loop"]),
    ("struct_pointer.c", 3, None, ["'p' points to a struct"]),
    # a pointer stored in a struct and read back, directly or through a pointer of unknown origin: no
    # dead store (frontend/local_bytes.py), the pool stays refused
    ("ctx_field_read_back.c", 9, 9, ["one pointer may point into struct 'c' or into array 'tag'"]),
    ("ctx_escaped.c", 10, 9, ["one pointer may point into struct 'c' or into array 'tag'"]),
    # a copy of a run-time length over a struct that holds a pointer: allowed only through a pointer
    # the -O0 IR shows comes from one array field (frontend/member_copies.py)
    ("ctx_copy_whole.c", 9, 3, ["'memcpy' of a length computed at run time over struct 'c'"]),
    ("ctx_copy_param.c", 6, 3, ["'memcpy' of a length computed at run time over struct 'c'"]),
    # a character pointer over a whole struct indexed at run time may reach any field: held as bytes
    # when it can be, else refused where it is indexed (frontend/struct_views.py; a wrong field before)
    ("ctx_whole_view.c", 8, 5, ["a pointer to the whole of 'c' indexed at run time",
                                "cannot be held as bytes"]),
    ("ctx_whole_view_pool.c", 9, 5, ["a pointer to the whole of 'pool_s_t' indexed at run time"]),
]


@pytest.mark.parametrize("name, line, col, fragments", CASES, ids=[c[0] for c in CASES])
def test_user_error_with_location(build_dir, name, line, col, fragments):
    with pytest.raises(UserError) as info:
        compile_file(DIAG / name, "top", out_dir=build_dir)
    err = info.value
    assert (Path(err.location.file).name, err.location.line, err.location.col) == (name, line, col), str(err)
    for fragment in fragments:
        assert fragment in str(err)


def test_unknown_top_suggests_a_name(build_dir):
    with pytest.raises(UserError, match=r"top function 'scalar_op' not found.*did you mean 'scalar_ops'"):
        compile_file(KERNELS / "scalar_ops.c", "scalar_op", out_dir=build_dir)


def test_cli_exit_status_and_one_line(build_dir, capsys):
    assert main(["compile", str(DIAG / "interface_axi.c"), "--top", "top", "-o", str(build_dir)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "interface_axi.c:3:1: error:" in err[0]
    assert main(["compile", str(KERNELS / "mac.c"), "--top", "mac", "-o", str(build_dir / "ok")]) == 0
    assert (build_dir / "ok" / "mac.v").is_file() and (build_dir / "ok" / "report.txt").is_file()


def test_bad_clock_and_target(build_dir):
    with pytest.raises(UserError, match="unknown target 'ecp7'"):
        compile_file(KERNELS / "mac.c", "mac", target="ecp7", out_dir=build_dir)
    with pytest.raises(UserError, match="clock period must be positive"):
        compile_file(KERNELS / "mac.c", "mac", clock_ns=0, out_dir=build_dir)


def test_directive_options_are_typed(tmp_path):
    """Issue 17: options are converted where the directive is read (frontend/pragmas.py)."""
    from cryptohls.frontend.pragmas import scan_pragmas
    src = tmp_path / "k.c"
    src.write_text("#pragma HLS PIPELINE II=08\n#pragma HLS UNROLL factor=0x4\n"
                   "#pragma HLS LOOP_TRIPCOUNT min=1 max=16\n#pragma HLS INTERFACE mode=AP_VLD port=y\n"
                   "#pragma HLS LOOP_FLATTEN off\n")
    pipe, unroll, trip, iface, flat = scan_pragmas(src)
    assert (pipe.ii, unroll.int_option("factor"), trip.int_option("max")) == (8, 4, 16)
    assert iface.get("mode") == "ap_vld" and flat.flag("off") and not pipe.flag("off")
    assert (pipe.loc.line, pipe.loc.col, flat.loc.line) == (1, 1, 5)


# --- a crash of clang itself (issue 32 item 10): located where clang says it was working ---------------

CLANG_CRASH = """\
PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.
Stack dump:
0.\tProgram arguments: clang-19 -O0 -g top.cpp
1.\t<eof> parser at end of file
2.\tPer-file LLVM IR generation
3.\tinclude/widths.h:144:27: Generating code for declaration 'wide<132>::operator='
 #0 0x00007ff4286b73c6 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)
clang-19: error: clang frontend command failed with exit code 139 (use -v to see invocation)
"""


def test_a_clang_crash_is_located_at_the_place_it_names():
    from cryptohls.frontend.signature import clang_crash, clang_error
    err = clang_error(CLANG_CRASH, Path("top.cpp"))
    assert (err.location.file, err.location.line, err.location.col) == ("include/widths.h", 144, 27)
    assert err.message == ("clang-19 crashed (exit code 139) while generating code for declaration "
                           "'wide<132>::operator='")
    assert "a bug in clang" in err.hint
    # no place named: the top file, said so; an ordinary error is no crash
    bare = clang_error(CLANG_CRASH.replace("3.\tinclude/widths.h:144:27: ", "3.\t"), Path("top.cpp"))
    assert (bare.location.file, bare.location.line) == ("top.cpp", 1) and "does not name" in bare.message
    assert clang_crash("top.cpp:3:5: error: expected ';'\n", Path("top.cpp")) is None


def test_a_wide_by_value_parameter_the_top_modifies_is_a_located_error(tmp_path):
    """Read-only, an ap_uint<256> passed by value is an input port (tests/kernels/apint_wide_by_value);
    written to, it would need a copy the compiler does not make."""
    src = tmp_path / "wide.cpp"
    src.write_text("#include <ap_int.h>\n"
                   "ap_uint<64> top(ap_uint<256> key) {\n"
                   "    key += 1;\n"
                   "    return key.range(63, 0);\n"
                   "}\n")
    with pytest.raises(UserError) as info:
        compile_file(src, "top", out_dir=tmp_path / "out")
    assert info.value.location.line == 2 and "'key' (wider than 128 bits, passed by value) is modified" in \
        info.value.message
