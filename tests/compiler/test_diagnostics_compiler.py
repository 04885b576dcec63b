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
    ("wide_by_value.c", 2, None, ["'v' is wider than 128 bits"]),
    ("struct_pointer.c", 3, None, ["'p' points to a struct"]),
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
