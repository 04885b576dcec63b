"""Non-blocking stream operations (empty(), full(), read_nb(), write_nb()): the port's handshake input
in the cycle of the check, as a `can_transfer` op; cosim against the native run."""

from __future__ import annotations

from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "merge2.cpp", KERNELS / "tb_merge2.cpp"


def test_read_nb_checks_the_valid_input_without_stalling(build_dir):
    result = compile_file(SRC, "merge2", out_dir=build_dir)
    lint(result.verilog_path)
    text = result.verilog_path.read_text()
    assert "assign a_can = a_empty_n;" in text and "assign b_can = b_empty_n;" in text
    # the checking state does not wait for a word: only the states that read do
    assert "(state_q == S_FOR_BODY_0) && a_empty_n" not in text
    assert "((state_q == S_IF_END_I_0) && a_empty_n)" in text


def test_read_nb_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines() == [
        "call 0: from b 2, left a 0 b 2", "  out 00000100", "  out 00000101", "  out 00000102",
        "  out 80000200", "  out 80000201",
        "call 1: from b 2, left a 0 b 0", "  out 000001ff", "  out 80000202", "  out 80000203"]
    cosim, stats = cosim_run(SRC, TB, "merge2", build_dir)
    assert cosim == native
    assert stats["calls"] == 2


def test_full_and_write_nb_on_a_registered_axis_output(build_dir):
    result = compile_file(KERNELS / "count_full.cpp", "count_full", out_dir=build_dir)
    lint(result.verilog_path)
    text = result.verilog_path.read_text()
    # room in the output register: empty, or its word leaves in this cycle
    assert "assign out_can = out_room;" in text
    assert "assign out_room = ((!out_TVALID) || out_TREADY);" in text


def test_read_nb_and_empty_in_dataflow_processes(build_dir):
    src, tb = KERNELS / "df_nb.cpp", build_dir / "tb_df_nb.cpp"   # df_two's testbench, on df_nb
    tb.write_text((KERNELS / "tb_df_two.cpp").read_text().replace("df_two", "df_nb"))
    native = native_run(src, tb, build_dir)
    assert native.splitlines()[0] == "out 0 ca549e3b"   # the words of df_two.cpp
    cosim, stats = cosim_run(src, tb, "df_nb", build_dir)
    assert cosim == native
    assert "assign mid_can = mid_empty_n;" in (build_dir / "accumulate.v").read_text()
    assert "assign in_can = in_TVALID;" in (build_dir / "scale.v").read_text()
