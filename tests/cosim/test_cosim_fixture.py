"""cosim's shim on a hand-written RTL fixture (tests/cosim/fixture) that follows contract C4, and csim's
error reporting. The fixture exercises every interface mode: scalar, ap_memory read and read-write,
read-write pointer with ap_vld, reshaped input, partitioned output, ap_return."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.sim import cosim_shim

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fixture"
REPO = HERE.parents[1]
BUILD = REPO / "build" / "tests" / "cosim"
FIXTURE_LATENCY = 18  # cycles per call of fixture.v, counted by hand from its FSM


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          timeout=600)


def fixture_dir(name: str) -> Path:
    out = BUILD / name
    out.mkdir(parents=True, exist_ok=True)
    for file in ("fixture.v", "report.json"):
        shutil.copy(FIXTURE / file, out / file)
    return out


def cosim(out: Path, *extra: str) -> subprocess.CompletedProcess:
    return cli("cosim", str(FIXTURE / "fixture.c"), "--tb", str(FIXTURE / "fixture_tb.c"), "--top", "fixture",
               "-o", str(out), "--use-existing", *extra)


def test_fixture_csim_and_cosim_agree_with_exact_cycles():
    csim = cli("csim", str(FIXTURE / "fixture.c"), "--tb", str(FIXTURE / "fixture_tb.c"), "--top", "fixture")
    assert csim.returncode == 0, csim.stderr
    proc = cosim(fixture_dir("pass"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    *tb_lines, stats_line = proc.stdout.splitlines()
    assert tb_lines == csim.stdout.splitlines() == ["PASS: 0 errors"]
    stats = json.loads(stats_line)
    assert stats == {"top": "fixture", "status": 0, "calls": 20, "cycles_min": FIXTURE_LATENCY,
                     "cycles_max": FIXTURE_LATENCY, "cycles_mean": float(FIXTURE_LATENCY)}


def test_failing_testbench_fails_both():
    csim = cli("csim", str(FIXTURE / "fixture.c"), "--tb", str(FIXTURE / "fixture_tb.c"), "-D", "TB_WRONG")
    assert csim.returncode == 1
    proc = cosim(fixture_dir("wrong"), "-D", "TB_WRONG")
    assert proc.returncode == 1
    assert json.loads(proc.stdout.splitlines()[-1])["status"] == 1
    assert "FAIL: 20 errors" in proc.stdout


def test_wrong_rtl_is_caught():
    out = fixture_dir("bad_rtl")
    verilog = (out / "fixture.v").read_text()
    (out / "fixture.v").write_text(verilog.replace("p_1 = r_q[23:16] + r_q[31:24];", "p_1 = r_q[23:16] - r_q[31:24];"))
    proc = cosim(out)
    assert proc.returncode == 1
    assert "FAIL" in proc.stdout


def test_waveform_is_written():
    out = fixture_dir("wave")
    wave = out / "fixture.vcd"
    proc = cosim(out, "--wave", str(wave))
    assert proc.returncode == 0, proc.stderr
    text = wave.read_text()
    assert "ap_start" in text and "a_address0" in text


def test_interface_naming_a_missing_port_is_a_user_error():
    report = json.loads((FIXTURE / "report.json").read_text())
    report["interface"]["args"][0]["ports"]["in"] = "k_typo"
    sig = cosim_shim.Signature("fixture", "uint32_t", tuple(
        cosim_shim.Param(n, t) for n, t in [("k", "uint8_t"), ("a", "const uint16_t *"), ("m", "int16_t *"),
                                            ("acc", "uint32_t *"), ("r", "const uint8_t *"), ("p", "uint8_t *")]))
    with pytest.raises(UserError, match="k_typo"):
        cosim_shim.plan_shim(sig, report["interface"], (FIXTURE / "fixture.v").read_text())


def test_signature_helpers():
    assert cosim_shim.split_return_type("uint32_t (const word8 *, word8 (*)[4])") == "uint32_t"
    assert cosim_shim.split_return_type("void (int)") == "void"
    assert cosim_shim.Param("a", "word8 (*)[4]").dims == 2
    assert cosim_shim.Param("k", "const uint8_t *").dims == 1
    ports = cosim_shim.verilog_ports((FIXTURE / "fixture.v").read_text())
    assert ports["a_address0"] == (3, False) and ports["r"] == (32, True) and ports["ap_clk"] == (1, True)


def test_csim_compile_error_is_one_located_line(tmp_path: Path):
    bad = tmp_path / "bad.c"
    bad.write_text("int top(int x) {\n  return x +;\n}\n")
    proc = cli("csim", str(bad), "--tb", str(FIXTURE / "fixture_tb.c"))
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"cryptohls csim: {bad}:2:13: error: expected expression"


def test_csim_unknown_top_is_a_user_error():
    proc = cli("csim", str(FIXTURE / "fixture.c"), "--tb", str(FIXTURE / "fixture_tb.c"), "--top", "fixtur")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "top function 'fixtur' is not defined in fixture.c" in proc.stderr


def test_the_cycle_limit_stops_a_call_that_takes_longer():
    """--max-cycles: a call of FIXTURE_LATENCY cycles passes at that limit and stops one below it."""
    assert cosim(fixture_dir("limit_ok"), "--max-cycles", str(FIXTURE_LATENCY)).returncode == 0
    proc = cosim(fixture_dir("limit"), "--max-cycles", str(FIXTURE_LATENCY - 1))
    assert proc.returncode == cosim_shim.CYCLE_LIMIT_STATUS
    assert f"cosim: fixture did not assert ap_done within {FIXTURE_LATENCY - 1} cycles" in proc.stderr
    bad = cosim(fixture_dir("limit_bad"), "--max-cycles", "0")
    assert bad.returncode == 2 and bad.stderr.strip() == "cryptohls cosim: error: --max-cycles must be at least 1"


def test_an_unoptimised_model_runs_the_same():
    """--model-opt 0 (what cryptohls fuzz uses): the same outputs and cycles as the default build."""
    proc = cosim(fixture_dir("model_o0"), "--model-opt", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    *tb_lines, stats_line = proc.stdout.splitlines()
    assert tb_lines == ["PASS: 0 errors"]
    assert json.loads(stats_line)["cycles_max"] == FIXTURE_LATENCY


def test_static_runtime_files_are_package_data():
    """The C++ that every cosim build shares lives in sim/runtime/ (issue 39 item 2); a pip install has
    it only when pyproject.toml's package-data names it."""
    import fnmatch
    import tomllib

    globs = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["cryptohls"]
    package = cosim_shim.RUNTIME_DIR.parents[1]
    files = [str(p.relative_to(package)) for p in cosim_shim.RUNTIME_DIR.iterdir() if p.suffix in (".cpp", ".h")]
    assert cosim_shim.STATIC_RUNTIME.is_file() and len(files) >= 3
    assert all(any(fnmatch.fnmatch(f, g) for g in globs) for f in files)
