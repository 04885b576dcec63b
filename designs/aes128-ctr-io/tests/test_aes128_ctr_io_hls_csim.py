"""The `hls` variant of aes128-ctr-io (hls/aes_ctr_io_hls.cpp, DATAFLOW LWC module) in C simulation.

`cryptohls tv --cipher aes128-ctr` writes a fresh LWC vector set (pdi/sdi/do.txt) into a tmp dir; the
C++ testbench runs its 35 built-in commands (SP 800-38A F.5.1 messages, malformed input with the
FAILURE rules of docs.md, no-key and bad-key cases), then replays the set (every do word and do_last
compared), with a key-leak check on every do word. The failing case runs the same csim binary on the set
with one expected do data word changed. Parity: the built-in cases (dumped by the testbench) are replayed
on the RTL module (Icarus, cocotb test `rtl_replays_hls_cases` below), which must give the same do words.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import cocotb
from cocotb.triggers import ClockCycles

HLS = Path(__file__).resolve().parents[1] / "hls"
REPO = HLS.parents[2]
BUILD = REPO / "build" / "tests" / "hls-csim-aes128-ctr-io"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          timeout=300)


def test_committed_vector_set_is_cryptohls_tv_output(tmp_path: Path) -> None:
    """hls/tv/ (what the testbench replays without an argument) is `cryptohls tv --count 4` output."""
    proc = cli("tv", "--cipher", "aes128-ctr", "--out", str(tmp_path), "--count", "4")
    assert proc.returncode == 0, proc.stderr
    for name in ("pdi.txt", "sdi.txt", "do.txt"):
        assert (tmp_path / name).read_text() == (HLS / "tv" / name).read_text()


def test_csim_passes_catches_a_wrong_word_and_matches_rtl(tmp_path: Path) -> None:
    """One csim build: a fresh tv set passes, the committed set passes, one changed expected do
    word fails; the built-in cases' expected do words are what rtl/ produces (Icarus)."""
    from cryptohls.designs import find_variant
    from cryptohls.sim.runner import build_and_run

    tv = tmp_path / "tv"
    proc = cli("tv", "--cipher", "aes128-ctr", "--out", str(tv), "--seed", "11", "--count", "12")
    assert proc.returncode == 0, proc.stderr
    cases = tmp_path / "cases.txt"
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / "aes_ctr_io_hls.cpp"), "--tb",
         str(HLS / "tb_aes_ctr_io_hls.cpp"), "--top", "aes128_ctr_io", "-o", str(BUILD), "--arg", str(tv)],
        capture_output=True, text=True, timeout=300, env={**os.environ, "AES_CTR_IO_DUMP": str(cases)})
    assert proc.returncode == 0, proc.stderr
    summary = proc.stdout.strip()
    assert summary.startswith("aes128_ctr_io hls: LWC replay ")
    assert "(26 messages), 35 built-in cases, 36 runs, 0 failures" in summary

    committed = subprocess.run([str(BUILD / "csim")], capture_output=True, text=True, timeout=60)
    assert committed.returncode == 0, committed.stderr
    assert "(18 messages), 35 built-in cases, 36 runs, 0 failures" in committed.stdout

    bad = tmp_path / "bad"
    shutil.copytree(tv, bad)
    lines = (bad / "do.txt").read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("DAT = ") and len(line) > 20)
    word = lines[index][6:14]
    lines[index] = "DAT = " + f"{int(word, 16) ^ 0x00010000:08X}" + lines[index][14:]
    (bad / "do.txt").write_text("\n".join(lines) + "\n")
    wrong = subprocess.run([str(BUILD / "csim"), str(bad)], capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 1
    assert "MISMATCH LWC replay" in wrong.stderr
    assert "1 failures" in wrong.stdout

    assert cases.read_text().count("\ncase ") == 34  # 35 cases
    variant = find_variant("aes128-ctr-io/rtl")
    result = build_and_run(sources=variant.sources(), top=variant.top, test_module=Path(__file__).stem,
                           test_dir=Path(__file__).parent, simulator="icarus",
                           run_dir=REPO / "build" / "sim-tests" / "hls-csim-ctr-io-rtl-parity",
                           extra_env={"HLS_CASES": str(cases)}, testcase="rtl_replays_hls_cases")
    assert (result.tests, result.failed) == (1, 0), result


def _load_cases(path: str) -> list[dict]:
    cases: list[dict] = []
    for line in Path(path).read_text().splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "case":
            cases.append({"name": rest})
        elif kind in ("sdi", "pdi"):
            cases[-1][kind] = [int(w, 16) for w in rest.split()]
        elif kind == "do":
            cases[-1]["do"] = [(int(w[:8], 16), w.endswith(":1")) for w in rest.split()]
    return cases


@cocotb.test()
async def rtl_replays_hls_cases(dut):
    """cocotb (in the simulator): every case from reset, random pdi/sdi gaps and do stalls."""
    from cryptohls.sim.lwc_driver import LwcTB

    tb = LwcTB(dut, seed=3)
    await tb.start()
    for case in _load_cases(os.environ["HLS_CASES"]):
        dut._log.info("case %s", case["name"])
        dut.rst_i.value = 1
        await ClockCycles(dut.clk_i, 3)
        dut.rst_i.value = 0
        await ClockCycles(dut.clk_i, 1)
        await tb.run(case["pdi"], case["sdi"], case["do"], [])
