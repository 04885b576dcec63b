"""INLINE off: a function kept as a sub-module (own .v, ap_ctrl_hs instance per call site), cosim vs native."""

from __future__ import annotations

import json

from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "mac_sub.c", KERNELS / "tb_mac_sub.c"


def test_mac_submodule_files_and_instances(build_dir):
    result = compile_file(SRC, "mac_top", out_dir=build_dir)
    lint(result.verilog_path)
    sub = build_dir / "mac.v"
    assert sub.is_file() and "module mac (" in sub.read_text()
    (sub_entry,) = result.report["submodules"]
    assert sub_entry["name"] == "mac" and sub_entry["file"] == "mac.v"
    assert sub_entry["latency"]["min"] == sub_entry["latency"]["max"] >= 1
    top = result.verilog_path.read_text()
    assert "mac mac_u0 (" in top and "mac mac_u1 (" in top and "module mac (" not in top
    # the call's state waits for the callee's ap_done
    assert "assign st_for_body_0 = ((state_q == S_FOR_BODY_0) && (mac_u0_ap_done || mac_u0_done_q));" in top
    assert not any("INLINE off" in w for w in result.report["warnings"])


def test_mac_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines() == ["00000000", "c84a9983", "066b9640"]
    cosim, stats = cosim_run(SRC, TB, "mac_top", build_dir)
    assert cosim == native
    lat = json.loads((build_dir / "report.json").read_text())["submodules"][0]["latency"]["max"]
    # per iteration: two calls of lat + 1 cycles (ap_start .. ap_done, result registered) + 1 state;
    # n = 0, 1, 5 (e.g. a 2-cycle callee: 1, 8, 36)
    per_iteration = 2 * (lat + 1) + 1
    assert (stats["calls"], stats["min"], stats["max"]) == (3, 1, 1 + 5 * per_iteration)
    assert abs(stats["mean"] - (3 + 6 * per_iteration) / 3) < 1e-3


def test_inline_off_on_a_function_with_a_pointer_argument_is_inlined_with_a_warning(build_dir):
    """A method's `this`, a reference: not a sub-module's scalar port (issue 32: the Vitis library's AES
    methods are INLINE off). The function is inlined, as its results are the same; said in a warning."""
    src = build_dir / "ptr_arg.cpp"
    src.write_text(
        "#include <stdint.h>\n"
        "struct Acc {\n"
        "    uint32_t v[4];\n"
        "    void add(uint32_t x) {\n"
        "#pragma HLS INLINE off\n"
        "        v[x & 3] += x;\n"
        "    }\n"
        "};\n"
        "uint32_t top(uint32_t x) {\n"
        "    Acc a = {{1, 2, 3, 4}};\n"
        "    a.add(x);\n"
        "    return a.v[0] ^ a.v[1] ^ a.v[2] ^ a.v[3];\n"
        "}\n")
    result = compile_file(src, "top", out_dir=build_dir / "out")
    assert result.report.get("submodules", []) == []
    assert f"{src}:5: INLINE off on 'add' ignored: it takes a pointer" in "\n".join(result.report["warnings"])
