"""C library calls in synthesised code (issue 20 item 2): stdio output is dropped from the hardware with
one warning per call site and leaves no format-string memory; exit/abort end main's call."""

from __future__ import annotations

from pathlib import Path

from cryptohls.frontend.library_calls import DroppedCall, drop_calls, result_type
from cryptohls.hls import compile_file

REPO = Path(__file__).resolve().parents[2]


def test_drop_calls_removes_the_site_and_zeroes_a_used_result():
    text = "\n".join(["define i32 @f() {", "  call void @g()",
                      "  %n = call i32 (ptr, ...) @printf(ptr noundef @.str), !dbg !7",
                      "  call i32 @puts(ptr noundef @.str.1), !dbg !8", "  ret i32 %n", "}"])
    calls = [DroppedCall("printf", "f.c", 3, "%n = call i32 (ptr, ...) @printf(ptr noundef @.str), !dbg !7", "%n", "i32"),
             DroppedCall("puts", "f.c", 4, "call i32 @puts(ptr noundef @.str.1), !dbg !8", None, "i32")]
    assert drop_calls(text, calls).splitlines() == ["define i32 @f() {", "  call void @g()", "  %n = add i32 0, 0",
                                                    "  ret i32 %n", "}"]
    assert result_type(["i32", "(", "ptr", ",", "...", ")", "@printf", "("]) == "i32"


def test_kernel_with_fprintf_in_a_loop(tmp_path):
    src = REPO / "tests" / "kernels" / "trace_mac.c"
    result = compile_file(src, "trace_mac", out_dir=tmp_path)
    warnings = [w for w in result.report["warnings"] if "ignored in hardware" in w]
    assert warnings == [f"{src}:{line}: fprintf() ignored in hardware (kept in csim)" for line in (10, 12)]
    ll = (tmp_path / "ir" / "trace_mac.opt.ll").read_text()
    assert "@fprintf" not in ll and "@stderr" not in ll and "@.str" not in ll
    assert {m["name"] for m in result.report["resources"]["memories"]} == {"a", "b"}   # no string ROM


def test_exit_in_main_returns_the_status(tmp_path):
    src = REPO / "tests" / "kernels" / "programs" / "histogram_exit.c"
    compile_file(src, "main", out_dir=tmp_path)
    ir = (tmp_path / "ir" / "main.import.ir").read_text()
    assert "ret 3:i32" in ir   # exit(3) in the inlined add(): the call ends with 3 on ap_return
