"""A predicated stream access guarded by its own stream's check (`if (c && !s.empty()) s.read()`,
`if (c && !s.full()) s.write()`) never waits: its wait term `!pred || valid` is always true and is left
out of the state's condition (codegen/stream_guard.py), so the partner's handshake input does not
reach the enable of every register (the AES-OTR and CLOC HLS cores' critical path, docs/lwc.md).
Kernel: stream_kernels/guarded_sum.cpp."""

from __future__ import annotations

import re

import pytest
from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "guarded_sum.cpp", KERNELS / "tb_guarded_sum.cpp"


def _assign(verilog: str, name: str) -> str:
    match = re.search(rf"^  assign {name} = (.*);$", verilog, re.M)
    assert match, name
    return match.group(1)


def test_guarded_accesses_leave_the_state_condition_alone(build_dir):
    text = compile_file(SRC, "guarded_sum", out_dir=build_dir).verilog_path.read_text()
    lint(build_dir / "guarded_sum.v")
    assert _assign(text, "st_do_body_0") == "(state_q == S_DO_BODY_0)"
    # the handshake outputs: the state and the access's own condition, nothing of the other stream
    assert _assign(text, "in_ready") == "((state_q == S_DO_BODY_0) && in_read_if)"
    assert "out_room" not in _assign(text, "in_ready")


def test_an_unguarded_read_still_waits(build_dir):
    """The same read without `!in.empty()` waits for its word: its term stays."""
    text = compile_file(SRC, "guarded_sum", out_dir=build_dir, defines=("GUARDED=0",)).verilog_path.read_text()
    state = _assign(text, "st_do_body_0")
    assert "((!in_read_if) || in_valid)" in state
    assert "out_room" not in state   # the write is still guarded


@pytest.mark.slow
def test_guarded_sum_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines() == ["sum 6", "sum 36", "sum 66"]
    cosim, _ = cosim_run(SRC, TB, "guarded_sum", build_dir)
    assert cosim == native
