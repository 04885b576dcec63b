"""fuzz/icarus.py and fuzz/direct_model.py on hand-written tops: the cycle count of cosim's protocol,
and every run that is no verdict (X bits, no ap_done, a design Icarus rejects, one too large to try)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.fuzz import icarus

pytestmark = pytest.mark.skipif(shutil.which("iverilog") is None, reason="Icarus Verilog is installed by `make setup`")

# ap_done rises COUNT cycles after ap_start (a counter that starts in the cycle ap_start is seen).
TOP = """\
module fuzz_top (input wire ap_clk, input wire ap_rst, input wire ap_start, output wire ap_done,
                 output wire ap_idle, output wire ap_ready, output wire [31:0] ap_return);
  reg busy;
  reg [15:0] n;
  always @(posedge ap_clk) begin
    if (ap_rst) begin busy <= 0; n <= 0; end
    else if (!busy && ap_start) begin busy <= 1; n <= 0; end
    else if (busy && n == COUNT) busy <= 0;
    else if (busy) n <= n + 1;
  end
  assign ap_done = busy && n == COUNT;
  assign ap_ready = ap_done;
  assign ap_idle = !busy;
  assign ap_return = RESULT;
endmodule
"""


def _compiled(tmp_path: Path, count: int = 7, result: str = "32'h00C0FFEE", latency: int = 8) -> Path:
    out = tmp_path / "cosim"
    out.mkdir(parents=True)
    (out / "fuzz_top.v").write_text(TOP.replace("COUNT", str(count)).replace("RESULT", result))
    (out / "report.json").write_text(json.dumps({
        "latency": {"min": latency, "max": latency},
        "interface": {"block_protocol": "ap_ctrl_hs", "args": [], "return": {"width": 32, "port": "ap_return"}}}))
    return out


def test_checksum_and_cycles_as_cosim_counts_them(tmp_path):
    # cosim's runtime counts the edges before the one in the cycle of ap_done: start is seen at edge
    # 1, n counts 0..7 on edges 2..8, ap_done is high after edge 8, so 8 cycles are counted
    run = icarus.run_icarus(_compiled(tmp_path), max_cycles=1000)
    assert run == icarus.HardwareRun("C0FFEE", 8)


def test_unknown_bits_are_no_checksum(tmp_path):
    run = icarus.run_icarus(_compiled(tmp_path, result="32'h00C0FFxE"), max_cycles=1000)
    assert run == icarus.HardwareRun(None, 8)


def test_no_ap_done_within_the_cycle_limit_is_no_verdict(tmp_path):
    run = icarus.run_icarus(_compiled(tmp_path), max_cycles=5)
    assert run is not None and run.checksum is None and run.cycles is None


def test_verilog_icarus_rejects_is_no_verdict(tmp_path):
    out = _compiled(tmp_path)
    (out / "fuzz_top.v").write_text("module fuzz_top(; endmodule\n")
    assert icarus.run_icarus(out, max_cycles=100) is None


def test_only_small_short_tops_without_arguments_are_tried(tmp_path):
    assert icarus.worth_trying(_compiled(tmp_path / "a"))
    assert not icarus.worth_trying(_compiled(tmp_path / "b", latency=icarus.MAX_WORK))   # too many cycles
    with_arg = _compiled(tmp_path / "c")
    report = json.loads((with_arg / "report.json").read_text())
    report["interface"]["args"] = [{"name": "x"}]
    (with_arg / "report.json").write_text(json.dumps(report))
    assert not icarus.worth_trying(with_arg)
    unknown = _compiled(tmp_path / "d")
    report["interface"]["args"], report["latency"] = [], {"min": None, "max": None}
    (unknown / "report.json").write_text(json.dumps(report))
    assert not icarus.worth_trying(unknown)


def test_the_direct_verilator_model_counts_as_icarus_and_cosim(tmp_path):
    """fuzz/direct_model.py on the same top: the same checksum and cycles; past the cycle limit, no verdict."""
    from cryptohls.fuzz.direct_model import run_direct_model
    assert run_direct_model(_compiled(tmp_path / "a"), 1000, 10.0, 60) == icarus.HardwareRun("C0FFEE", 8)
    assert run_direct_model(_compiled(tmp_path / "b"), 5, 10.0, 60) is None


@pytest.mark.skipif(shutil.which("ld.gold") is None or shutil.which("readelf") is None, reason="binutils' gold")
def test_the_direct_model_is_linked_by_gold_where_installed(tmp_path):
    """gold links the model in half the default linker's CPU (fuzz/direct_model.py link_flags)."""
    import subprocess
    from cryptohls.fuzz.direct_model import run_direct_model
    out = _compiled(tmp_path)
    assert run_direct_model(out, 1000, 10.0, 60) == icarus.HardwareRun("C0FFEE", 8)
    notes = subprocess.run(["readelf", "-n", str(out / "direct" / "model")], capture_output=True, text=True).stdout
    assert "NT_GNU_GOLD_VERSION" in notes


# A stand-in for vvp: burns CPU_PER_LINE seconds of CPU before each progress line (PROGRESS_EVERY cycles),
# then prints its result after LINES lines.
FAKE_VVP = """\
import sys, time
per_line, lines = float(sys.argv[1]), int(sys.argv[2])
for i in range(1, lines + 1):
    start = time.process_time()
    while time.process_time() - start < per_line:
        pass
    print(f"progress {i * 64}", flush=True)
print("checksum = c0ffee")
print(f"cycles = {lines * 64}")
"""


def _fake_run(tmp_path: Path, per_line: float, lines: int) -> subprocess.Popen:
    script = tmp_path / "fake_vvp.py"
    script.write_text(FAKE_VVP)
    return subprocess.Popen([sys.executable, str(script), str(per_line), str(lines)], stdout=subprocess.PIPE,
                            text=True)


def test_a_run_that_cannot_reach_the_latency_in_time_is_stopped_early(tmp_path):
    # 64 cycles per 0.02 s: 100,000 cycles would take 30 s of CPU
    proc = _fake_run(tmp_path, 0.02, 5000)
    assert icarus._read_until_hopeless(proc, latency=100_000, cpu_limit_s=1) is None
    spent = icarus._cpu_seconds(proc.pid)
    proc.kill()
    proc.wait()
    proc.stdout.close()
    assert spent is not None and spent < 0.7   # stopped once the projection was sure, not at the limit


def test_a_run_on_course_is_read_to_its_end_without_its_progress_lines(tmp_path):
    proc = _fake_run(tmp_path, 0.02, 20)   # 1,280 cycles in about 0.4 s
    out = icarus._read_until_hopeless(proc, latency=1280, cpu_limit_s=1)
    proc.stdout.close()
    assert out == "checksum = c0ffee\ncycles = 1280\n" and proc.returncode == 0
