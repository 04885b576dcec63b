"""--clock-port / --reset-port: the top module's clock and reset under other names (an HLS core in a
hand-written frame with another convention, e.g. the LWC frame's clk_i / rst_i), the rest unchanged."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from streamharness import KERNELS as STREAM_KERNELS
from streamharness import lint

from cryptohls.codegen.clock_reset import rename_clock_reset
from cryptohls.errors import UserError
from cryptohls.hls import compile_file

MAC = STREAM_KERNELS.parent / "kernels" / "mac.c"


def _ports(text: str) -> list[str]:
    start = text.index("\nmodule ")
    return re.findall(r"(?:input|output) (?:wire|reg)(?: \[\d+:0\])? (\w+)", text[start:text.index(");", start)])


def test_fsm_top_renamed_and_otherwise_identical(build_dir):
    plain = compile_file(MAC, "mac", out_dir=build_dir / "plain").verilog_path.read_text()
    named = compile_file(MAC, "mac", out_dir=build_dir / "named", clock_port="clk_i",
                         reset_port="rst_i").verilog_path
    text = named.read_text()
    assert _ports(text)[:2] == ["clk_i", "rst_i"]
    assert not re.search(r"\bap_(clk|rst)\b", text)
    assert "--clock-port clk_i --reset-port rst_i" in text.splitlines()[1]   # the header's command line
    body = lambda t: t.split("\n", 2)[2]   # noqa: E731  (past the command line)
    assert body(text) == body(plain).replace("ap_clk", "clk_i").replace("ap_rst", "rst_i")
    lint(named)


def test_dataflow_top_keeps_the_processes_port_names(build_dir):
    """Only the top is renamed: its processes keep ap_clk / ap_rst and get the top's clock."""
    top = compile_file(STREAM_KERNELS / "df_two.cpp", "df_two", out_dir=build_dir, clock_port="clk",
                       reset_port="rst").verilog_path
    text = top.read_text()
    assert _ports(text)[:2] == ["clk", "rst"]
    assert ".ap_clk(clk)" in text and ".ap_rst(rst)" in text and ".clk_i(clk)" in text
    assert "module scale (\n  input wire ap_clk," in (build_dir / "scale.v").read_text()
    lint(top)


def test_a_name_already_in_the_module_is_refused():
    text = "module k (\n  input wire ap_clk,\n  input wire ap_rst,\n  input wire [7:0] clk_i\n);\nendmodule\n"
    with pytest.raises(UserError, match="'clk_i' for ap_clk is already a name"):
        rename_clock_reset(text, "k", "clk_i", "rst_i")
    with pytest.raises(UserError, match="must differ"):
        rename_clock_reset(text, "k", "c", "c")


def test_bad_port_name_exits_2_with_one_message(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(MAC), "--top", "mac",
                           "--clock-port", "clk i", "-o", str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 2, proc.stderr
    assert "clock port 'clk i' is not a Verilog identifier" in proc.stderr and "Traceback" not in proc.stderr
